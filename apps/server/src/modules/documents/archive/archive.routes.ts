import {
  archiveLinkRequestSchema,
  archiveLinkSchema,
  archiveTicketParamsSchema,
  dataEnvelope,
  folderParamsSchema,
  selectionRequestSchema,
  vendorDocumentsParamsSchema,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, typed } from '../../../platform/http/route-helpers';
import type { Archive } from './archive.service';
import * as service from './archive.service';
import { createLink, redeemLink } from './archive-links.service';

function sendArchive(reply: FastifyReply, archive: Archive) {
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', archive.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (archive.size !== undefined) reply.header('content-length', archive.size);
  return reply.send(archive.stream);
}

/** Folders and selections downloaded as streamed ZIP archives. */
export function archiveRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['documents: folders'], security: bearer };
  r.get(
    '/api/vendors/:id/folders/:folder_id/archive',
    {
      schema: {
        ...tags,
        description: "The folder's live content (not the trash) as a ZIP, streamed: memory stays flat.",
        params: folderParamsSchema,
      },
    },
    async (q, reply) =>
      sendArchive(reply, await service.folderArchive(ctx, requireActor(q), q.params.id, q.params.folder_id)),
  );
  r.post(
    '/api/vendors/:id/nodes/archive',
    {
      schema: {
        ...tags,
        description: 'A selection of documents and folders (with their live content) as one streamed ZIP.',
        params: vendorDocumentsParamsSchema,
        body: selectionRequestSchema,
      },
    },
    async (q, reply) =>
      sendArchive(reply, await service.selectionArchive(ctx, requireActor(q), q.params.id, q.body)),
  );
  r.post(
    '/api/vendors/:id/nodes/archive/links',
    {
      schema: {
        ...tags,
        description:
          'A one-use link (a minute) to the ZIP of `folder_id` or of the selection, for a plain browser ' +
          'download: the link needs no Authorization header. The request is checked now (rights, ids).',
        params: vendorDocumentsParamsSchema,
        body: archiveLinkRequestSchema,
        response: { 200: dataEnvelope(archiveLinkSchema) },
      },
    },
    async (q) => ({ data: await createLink(ctx, requireActor(q), q.params.id, q.body) }),
  );
  r.get(
    '/api/archive-links/:ticket',
    {
      schema: {
        tags: ['documents: folders'],
        description:
          'The ZIP of a link made by `POST .../nodes/archive/links`, streamed; once, within a minute.',
        params: archiveTicketParamsSchema,
      },
    },
    async (q, reply) => sendArchive(reply, await redeemLink(ctx, q.params.ticket)),
  );
}
