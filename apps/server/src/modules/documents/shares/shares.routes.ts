import {
  createShareLinkSchema,
  dataEnvelope,
  firmIdParamsSchema,
  publicShareDocumentParamsSchema,
  publicShareFolderParamsSchema,
  publicShareFolderSchema,
  publicShareParamsSchema,
  publicShareSchema,
  publicShareUnlockSchema,
  SHARE_PASSWORD_HEADER,
  shareLinkAccessSchema,
  shareLinkListQuerySchema,
  shareLinkParamsSchema,
  shareLinkSchema,
  shareLinkSettingsSchema,
  updateShareLinkSettingsSchema,
  vendorDocumentsParamsSchema,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { AppError } from '../../../platform/errors/app-error';
import { bearer, typed } from '../../../platform/http/route-helpers';
import * as pub from './public-shares.service';
import * as service from './shares.service';

function cookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === pub.SHARE_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

function visitorOf(request: FastifyRequest): pub.Visitor {
  const header = request.headers[SHARE_PASSWORD_HEADER];
  return {
    password: typeof header === 'string' ? header : undefined,
    cookie: cookieOf(request),
    address: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  };
}

/** A download's headers: always an attachment, never run by the browser. */
function download(reply: FastifyReply, type: string, disposition: string, size: number | undefined) {
  reply
    .header('content-type', type)
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer');
  if (size !== undefined) reply.header('content-length', size);
  return reply;
}

/** Share links: the firm's routes (bearer) and the public ones (the token is the credential). */
export function shareRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['documents: share links'], security: bearer };
  const settings = dataEnvelope(shareLinkSettingsSchema);

  r.get(
    '/api/accounting-firms/:id/share-link-settings',
    {
      schema: {
        ...tags,
        description: "A new share link's default and longest life, in hours (firm administrators).",
        params: firmIdParamsSchema,
        response: { 200: settings },
      },
    },
    async (q) => ({ data: await service.firmSettings(ctx, requireActor(q), q.params.id) }),
  );
  r.put(
    '/api/accounting-firms/:id/share-link-settings',
    {
      schema: {
        ...tags,
        description:
          'Sets the default and the maximum life of new share links (the default within the maximum).',
        params: firmIdParamsSchema,
        body: updateShareLinkSettingsSchema,
        response: { 200: settings },
      },
    },
    async (q) => ({ data: await service.updateFirmSettings(ctx, requireActor(q), q.params.id, q.body) }),
  );
  r.get(
    '/api/vendors/:id/share-link-settings',
    {
      schema: {
        ...tags,
        description: "The firm's bounds for a new link of the client file (those who may share).",
        params: vendorDocumentsParamsSchema,
        response: { 200: settings },
      },
    },
    async (q) => ({ data: await service.vendorSettings(ctx, requireActor(q), q.params.id) }),
  );
  r.post(
    '/api/vendors/:id/share-links',
    {
      schema: {
        ...tags,
        description:
          'A public link to a document or a folder; `data.url` (`{portal origin}/s/{token}`) is told only here.',
        params: vendorDocumentsParamsSchema,
        body: createShareLinkSchema,
        response: { 201: dataEnvelope(shareLinkSchema) },
      },
    },
    async (q, reply) =>
      reply.status(201).send({ data: await service.createLink(ctx, requireActor(q), q.params.id, q.body) }),
  );
  r.get(
    '/api/vendors/:id/share-links',
    {
      schema: {
        ...tags,
        description: "The client file's live links (`all`: dead ones too), or one item's.",
        params: vendorDocumentsParamsSchema,
        querystring: shareLinkListQuerySchema,
        response: { 200: dataEnvelope(z.array(shareLinkSchema)) },
      },
    },
    async (q) => ({ data: await service.listLinks(ctx, requireActor(q), q.params.id, q.query) }),
  );
  r.get(
    '/api/vendors/:id/share-links/:share_link_id/accesses',
    {
      schema: {
        ...tags,
        description: "A link's downloads: when, address, user agent, document and version, file or ZIP.",
        params: shareLinkParamsSchema,
        response: { 200: dataEnvelope(z.array(shareLinkAccessSchema)) },
      },
    },
    async (q) => ({
      data: await service.accessLog(ctx, requireActor(q), q.params.id, q.params.share_link_id),
    }),
  );
  r.delete(
    '/api/vendors/:id/share-links/:share_link_id',
    {
      schema: {
        ...tags,
        description: 'Revokes the link: every URL it served answers 404 from now on.',
        params: shareLinkParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (q, reply) => {
      await service.revokeLink(ctx, requireActor(q), q.params.id, q.params.share_link_id);
      return reply.code(204).send(null);
    },
  );

  const open = {
    tags: ['public shares'],
    headers: z.object({ [SHARE_PASSWORD_HEADER]: z.string().max(200).optional() }),
  };
  r.get(
    '/api/public/shares/:token',
    {
      schema: {
        ...open,
        description:
          'The shared item (a folder with its top level) and the white label. A dead link, a trashed item: 404. ' +
          'With a password: `X-Share-Password` or the cookie of `POST .../unlock`, else 403.',
        params: publicShareParamsSchema,
        response: { 200: dataEnvelope(publicShareSchema) },
      },
    },
    async (q) => ({ data: await pub.publicShare(ctx, q.params.token, visitorOf(q)) }),
  );
  r.post(
    '/api/public/shares/:token/unlock',
    {
      schema: {
        tags: ['public shares'],
        description:
          'Checks the password and sets a short-lived HttpOnly cookie standing for it under this link, ' +
          'so plain links (downloads, the ZIP) work. Wrong passwords are rate-limited (429).',
        params: publicShareParamsSchema,
        body: publicShareUnlockSchema,
        response: { 204: z.null() },
      },
    },
    async (q, reply) => {
      const value = await pub.unlock(ctx, q.params.token, { ...visitorOf(q), password: q.body.password });
      const secure = ctx.config.publicUrl.startsWith('https://') ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${pub.SHARE_COOKIE}=${value}; Path=/api/public/shares/${q.params.token}; HttpOnly; SameSite=Strict; ` +
          `Max-Age=${pub.SHARE_COOKIE_SECONDS}${secure}`,
      );
      return reply.code(204).send(null);
    },
  );
  r.get(
    '/api/public/shares/:token/folders/:folder_id',
    {
      schema: {
        ...open,
        description: 'A folder of the shared subtree; any other id answers 404.',
        params: publicShareFolderParamsSchema,
        response: { 200: dataEnvelope(publicShareFolderSchema) },
      },
    },
    async (q) => ({ data: await pub.publicFolder(ctx, q.params.token, q.params.folder_id, visitorOf(q)) }),
  );
  r.get(
    '/api/public/shares/:token/documents/:document_id/content',
    {
      schema: {
        ...open,
        description:
          "A shared document's current version, as an attachment; counted against the limit and logged.",
        params: publicShareDocumentParamsSchema,
      },
    },
    async (q, reply) => {
      const file = await pub.publicContent(ctx, q.params.token, q.params.document_id, visitorOf(q));
      return download(reply, 'application/octet-stream', file.disposition, file.size).send(file.stream);
    },
  );
  r.get(
    '/api/public/shares/:token/archive',
    {
      schema: {
        ...open,
        description: 'The shared folder as a streamed ZIP; counted against the limit and logged.',
        params: publicShareParamsSchema,
      },
    },
    async (q, reply) => {
      const archive = await pub.publicArchive(ctx, q.params.token, visitorOf(q));
      return download(reply, 'application/zip', archive.disposition, archive.size).send(archive.stream);
    },
  );

  // The page: a live link gets the web app, a dead one a real 404 (never the SPA's 200).
  r.get(
    '/s/:token',
    {
      schema: {
        tags: ['public shares'],
        description: "The share's page (the web app) while the link lives; a real 404 once it is dead.",
        params: z.object({ token: z.string().max(200) }),
      },
    },
    async (q, reply) => {
      const alive =
        /^[A-Za-z0-9_-]{16,100}$/.test(q.params.token) && (await pub.pageAlive(ctx, q.params.token));
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      // The web app's index.html, with a 404 for a dead link (the page then tells it is gone).
      const web = reply as unknown as { sendFile?(name: string): FastifyReply };
      if (typeof web.sendFile === 'function')
        return web.sendFile.call(reply.code(alive ? 200 : 404), 'index.html');
      if (!alive) throw new AppError('not-found');
      return reply.type('text/html; charset=utf-8').send('<!doctype html><title>Share</title>');
    },
  );
}
