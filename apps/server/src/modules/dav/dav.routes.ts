import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors/app-error';
import { verifyFileShareCredential } from '../identity/file-share-passwords.service';
import * as dav from './dav.service';
import { basicCredentials, byteRange, CHALLENGE, preconditionStatus, quotedEtag, sendXml } from './dav-http';
import {
  assertIfHeader,
  assertUnlocked,
  dropLocks,
  lock,
  underOwnLock,
  unlock,
  withLockDiscovery,
} from './dav-locks.service';
import { transferScratch } from './dav-office-saves.service';
import { davHref, davSegments, destinationSegments } from './dav-paths';
import { proppatch, withDeadProperties } from './dav-properties.service';
import { asksLocks, propfindXml } from './dav-props';
import { asksQuota, withQuota } from './dav-quota.service';
import { scratchRequest } from './dav-scratch.routes';
import { scratchEntries, scratchPurgeTimer } from './dav-scratch.service';
import { transfer } from './dav-transfer.service';
import { DavStatus, mkcol, put, remove } from './dav-writes.service';
import { BadXmlError, errorXml, parsePropfind } from './dav-xml';

/** The methods of WebDAV that HTTP's defaults lack: added before any route is declared. */
export const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK'] as const;

export function registerDavMethods(app: FastifyInstance): void {
  for (const method of DAV_METHODS) app.addHttpMethod(method, { hasBody: true });
}

const ALLOW = 'OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, PUT, DELETE, MKCOL, COPY, MOVE, LOCK, UNLOCK';

/** Refusals of the document manager that WebDAV answers 403 (the web API skips or refuses them). */
const FORBIDDEN_CODES: readonly string[] = [
  'document-at-root',
  'default-folder-move',
  'node-validated',
  'legal-hold',
];

/**
 * The person a request's Basic credentials (email + file-share password) name; failures are
 * counted per account and address, and answered 401 with the challenge the drives need.
 */
async function davActor(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  const credentials = basicCredentials(request.headers.authorization);
  if (!credentials) throw new AppError('unauthenticated');
  const found = await verifyFileShareCredential(ctx, credentials.email, credentials.password, request.ip);
  return {
    userId: found.userId,
    // The drive never carries the platform's own powers.
    isSuperAdmin: false,
    sessionId: 0,
    familyId: `dav:${found.passwordId}`,
    expiresAt: new Date(8.64e15),
    boundFirmId: null,
  };
}

function replyError(reply: FastifyReply, error: unknown) {
  if (error instanceof BadXmlError) return reply.code(400).send();
  if (error instanceof DavStatus) return reply.code(error.status).send();
  if (!(error instanceof AppError)) throw error;
  if (error.status === 401 || error.code === 'invalid-credentials')
    return reply.code(401).header('www-authenticate', CHALLENGE).send();
  if (error.status === 429)
    return reply
      .code(429)
      .header('retry-after', String(error.retryAfterSeconds ?? 60))
      .send();
  if (FORBIDDEN_CODES.includes(error.code)) return reply.code(403).send();
  if (error.code === 'quota-exceeded') return reply.code(507).send();
  if (error.status === 422) return reply.code(409).send();
  return reply.code(error.status).send();
}

async function readBody(request: FastifyRequest, limit = 1 << 20): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new AppError('payload-too-large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `/dav/` on the app's own server and port: the network drive (WebDAV, issue 27). */
export async function davRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Expired scratch files are purged every hour (a job on the queue).
  const purge = scratchPurgeTimer(ctx, app.log);
  app.addHook('onReady', async () => purge.start());
  app.addHook('onClose', async () => purge.stop());
  await app.register(
    async (scope) => {
      // Bodies are the handlers' to read (XML, or a file's bytes whatever its type).
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          const segments = davSegments(request.url);
          // A path that is refused (`..`, an encoded separator) names nothing: 404, like another tenant's.
          if (!segments) return reply.code(404).send();
          if (request.method === 'OPTIONS') {
            return reply
              .code(200)
              .header('dav', '1, 2')
              .header('allow', ALLOW)
              .header('ms-author-via', 'DAV')
              .send();
          }
          const actor = await davActor(ctx, request);
          const ifHeader = request.headers.if as string | undefined;
          const unlocked = async (path: string[], below: boolean) => {
            if (ifHeader)
              await assertIfHeader(ctx, actor, path, ifHeader, await dav.etagOf(ctx, actor, path));
            await assertUnlocked(ctx, actor, path, ifHeader, below);
          };
          const scratchAnswered = await scratchRequest(ctx, actor, segments, request, reply, {
            unlocked,
            dropLocks: () => dropLocks(ctx, actor, segments),
            readBody: () => readBody(request),
          });
          if (scratchAnswered) return reply;
          switch (request.method) {
            case 'PROPFIND':
              return await propfind(ctx, actor, segments, request, reply);
            case 'GET':
            case 'HEAD':
              return await get(ctx, actor, segments, request, reply);
            case 'PUT':
              await unlocked(segments, false);
              return await putContent(ctx, actor, segments, request, reply, ifHeader);
            case 'MKCOL':
              if ((await readBody(request)).length) return reply.code(415).send();
              await unlocked(segments, false);
              await mkcol(ctx, actor, segments);
              return reply.code(201).send();
            case 'DELETE':
              await unlocked(segments, true);
              await remove(ctx, actor, segments);
              await dropLocks(ctx, actor, segments);
              return reply.code(204).send();
            case 'MOVE':
            case 'COPY':
              return await moveOrCopy(ctx, actor, segments, request, reply);
            case 'LOCK': {
              const answer = await lock(ctx, actor, segments, await readBody(request), {
                depth: request.headers.depth as string | undefined,
                timeout: request.headers.timeout as string | undefined,
                if: ifHeader,
              });
              reply.header('lock-token', `<${answer.token}>`);
              return sendXml(reply, answer.status, answer.xml);
            }
            case 'PROPPATCH': {
              await unlocked(segments, false);
              return sendXml(reply, 207, await proppatch(ctx, actor, segments, await readBody(request)));
            }
            case 'UNLOCK':
              await unlock(ctx, actor, segments, request.headers['lock-token'] as string | undefined);
              return reply.code(204).send();
            default:
              return reply.code(405).header('allow', ALLOW).send();
          }
        } catch (error) {
          return replyError(reply, error);
        }
      };
      const methods = ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', 'POST', ...DAV_METHODS];
      // No compression: a file goes out as stored, its strong ETag and Content-Length true to the
      // bytes sent, and without a compression stream on the way (its onSend hook is not even added).
      const options = {
        method: methods,
        handler,
        exposeHeadRoute: false,
        compress: false,
        decompress: false,
      } as const;
      scope.route({ ...options, url: '/', schema: { hide: true } });
      scope.route({ ...options, url: '/*', schema: { hide: true } });
    },
    { prefix: '/dav' },
  );
}

async function propfind(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const depth = (request.headers.depth ?? 'infinity').toString().trim().toLowerCase();
  if (depth !== '0' && depth !== '1') return sendXml(reply, 403, errorXml('propfind-finite-depth'));
  const body = await readBody(request);
  const node = await dav.resolve(ctx, actor, segments);
  const name = segments.at(-1) ?? '';
  const self = await dav.entryOf(ctx, node, name);
  const entries = [{ href: davHref(segments, self.collection), entry: self }];
  if (depth === '1' && self.collection) {
    const children = await dav.childrenOf(ctx, actor, node);
    // The person's own scratch files of the folder are listed back to them.
    children.push(...(await scratchEntries(ctx, actor, node, children)));
    for (const child of children)
      entries.push({ href: davHref([...segments, child.name], child.collection), entry: child });
  }
  await withDeadProperties(
    ctx,
    node,
    entries.map((e) => e.entry),
  );
  if (asksLocks(body))
    await withLockDiscovery(
      ctx,
      'scope' in node ? node.scope.vendor : null,
      segments,
      entries.map((e) => e.entry),
    );
  const asked = parsePropfind(body);
  if (asked.kind === 'prop' && asksQuota(asked.props))
    await withQuota(
      ctx,
      actor,
      node,
      entries.map((e) => e.entry),
    );
  return sendXml(reply, 207, propfindXml(body, entries));
}

async function get(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const node = await dav.resolve(ctx, actor, segments);
  if (node.kind !== 'document') {
    if (node.kind === 'missing') throw new AppError('not-found');
    // A collection: a short plain listing, so a browser shows something.
    const children = await dav.childrenOf(ctx, actor, node);
    const text = children.map((c) => `${c.name}${c.collection ? '/' : ''}`).join('\n');
    return reply.code(200).header('content-type', 'text/plain; charset=utf-8').send(`${text}\n`);
  }
  const version = await dav.currentVersion(ctx, node);
  const etag = quotedEtag(version.blobKey);
  const modified = new Date(Math.max(+new Date(node.doc.updatedAt), +new Date(version.createdAt)));
  reply
    .header('etag', etag)
    .header('last-modified', modified.toUTCString())
    .header('accept-ranges', 'bytes')
    .header('content-type', version.mimeType || 'application/octet-stream');
  const condition = preconditionStatus(request, etag, modified);
  if (condition) return reply.code(condition).send();
  const size = version.size;
  const range = byteRange(request.headers.range, size);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', String(range.end - range.start + 1));
    if (request.method === 'HEAD') return reply.send();
    return reply.send(await ctx.blobs.get(version.blobKey, range));
  }
  reply.code(200).header('content-length', String(size));
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await ctx.blobs.get(version.blobKey));
}

async function putContent(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  request: FastifyRequest,
  reply: FastifyReply,
  ifHeader: string | undefined,
) {
  const ownLock = await underOwnLock(ctx, actor, segments, ifHeader);
  const outcome = await put(
    ctx,
    actor,
    segments,
    request.raw,
    (key) => {
      const status = preconditionStatus(request, key === null ? null : quotedEtag(key), null);
      if (status) throw new DavStatus(412);
    },
    ownLock,
  );
  return reply
    .code(outcome.created ? 201 : 204)
    .header('etag', quotedEtag(outcome.etag))
    .send();
}

async function moveOrCopy(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const to = destinationSegments(request.headers.destination as string | undefined, request.headers.host);
  // A Destination on another host, or outside the drive, names nothing here.
  if (!to) return reply.code(404).send();
  const overwrite = (request.headers.overwrite ?? 'T').toString().trim().toUpperCase() !== 'F';
  const depth = (request.headers.depth ?? 'infinity').toString().trim().toLowerCase();
  if (request.method === 'MOVE' && depth !== 'infinity') return reply.code(400).send();
  const ifHeader = request.headers.if as string | undefined;
  if (ifHeader) await assertIfHeader(ctx, actor, segments, ifHeader, await dav.etagOf(ctx, actor, segments));
  if (request.method === 'MOVE') await assertUnlocked(ctx, actor, segments, ifHeader, true);
  await assertUnlocked(ctx, actor, to, ifHeader, true);
  const mode = request.method === 'MOVE' ? 'move' : 'copy';
  const outcome =
    (await transferScratch(ctx, actor, mode, segments, to, { overwrite })) ??
    (await transfer(ctx, actor, mode, segments, to, { overwrite, shallow: depth === '0' }));
  if (request.method === 'MOVE') await dropLocks(ctx, actor, segments);
  return reply.code(outcome.created ? 201 : 204).send();
}
