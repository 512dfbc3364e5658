import {
  contentQuerySchema,
  dataEnvelope,
  documentParamsSchema,
  documentSchema,
  updateDocumentRequestSchema,
  versionSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, typed } from '../../../platform/http/route-helpers';
import * as service from './documents.service';

/** A document, its content and its versions. */
export function documentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['documents'], security: bearer };
  r.get(
    '/api/vendors/:id/documents/:document_id',
    { schema: { ...tags, params: documentParamsSchema, response: { 200: dataEnvelope(documentSchema) } } },
    async (q) => ({
      data: await service.getDocument(ctx, requireActor(q), q.params.id, q.params.document_id),
    }),
  );
  r.patch(
    '/api/vendors/:id/documents/:document_id',
    {
      schema: {
        ...tags,
        description:
          'Renames a document (`node-name-conflict` when the name is taken), or files it in a period.',
        params: documentParamsSchema,
        body: updateDocumentRequestSchema,
        response: { 200: dataEnvelope(documentSchema) },
      },
    },
    async (q) => ({
      data: await service.updateDocument(ctx, requireActor(q), q.params.id, q.params.document_id, q.body),
    }),
  );
  r.get(
    '/api/vendors/:id/documents/:document_id/content',
    {
      schema: {
        ...tags,
        description:
          'The latest version (or `version_id`), streamed. `disposition=inline` shows PDF, images and text ' +
          'in the browser; every other type (HTML and SVG included) is always an attachment.',
        params: documentParamsSchema,
        querystring: contentQuerySchema,
      },
      // Opening marks the document read: the unread counts the caller asks next must already know.
      config: { mutates: true },
    },
    async (q, reply) => {
      const file = await service.content(ctx, requireActor(q), q.params.id, q.params.document_id, {
        versionId: q.query.version_id,
        inline: q.query.disposition === 'inline',
      });
      return reply
        .header('content-type', file.type)
        .header('content-length', file.size)
        .header('content-disposition', file.disposition)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );
  r.get(
    '/api/vendors/:id/documents/:document_id/versions',
    {
      schema: {
        ...tags,
        params: documentParamsSchema,
        response: { 200: dataEnvelope(z.array(versionSchema)) },
      },
    },
    async (q) => ({
      data: await service.listVersions(ctx, requireActor(q), q.params.id, q.params.document_id),
    }),
  );
}
