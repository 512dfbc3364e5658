import { dataEnvelope, documentParamsSchema, previewQuerySchema, previewSchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, typed } from '../../../platform/http/route-helpers';
import * as service from './previews.service';

/** The PDF previews of office documents (LibreOffice on the server). */
export function previewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['documents'], security: bearer };
  r.get(
    '/api/vendors/:id/documents/:document_id/preview',
    {
      schema: {
        ...tags,
        description:
          'Where the PDF preview of an office document (latest version, or `version_id`) stands: ' +
          '`ready`, `pending` (being converted: ask again), `no-converter` (LibreOffice is not ' +
          'installed on the server), `not-convertible` (not an office file, or over 100 MB), ' +
          '`failed` (tried again a day later). Asking starts the conversion.',
        params: documentParamsSchema,
        querystring: previewQuerySchema,
        response: { 200: dataEnvelope(previewSchema) },
      },
    },
    async (q) => ({
      data: {
        status: await service.previewStatus(
          ctx,
          requireActor(q),
          q.params.id,
          q.params.document_id,
          q.query.version_id,
        ),
      },
    }),
  );
  r.get(
    '/api/vendors/:id/documents/:document_id/preview/content',
    {
      schema: {
        ...tags,
        description: 'The converted PDF, streamed inline; 404 until the preview is `ready`.',
        params: documentParamsSchema,
        querystring: previewQuerySchema,
      },
      // It marks the document read: the unread counts the caller asks next must already know.
      config: { mutates: true },
    },
    async (q, reply) => {
      const file = await service.previewContent(
        ctx,
        requireActor(q),
        q.params.id,
        q.params.document_id,
        q.query.version_id,
      );
      return reply
        .header('content-type', file.type)
        .header('content-length', file.size)
        .header('content-disposition', file.disposition)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );
}
