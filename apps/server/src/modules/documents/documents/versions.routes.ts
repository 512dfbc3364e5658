import { dataEnvelope, versionParamsSchema, versionSchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, typed } from '../../../platform/http/route-helpers';
import * as service from './versions.service';

/** Restoring an older version; validating and invalidating a version. */
export function versionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['documents'], security: bearer };
  const one = { ...tags, params: versionParamsSchema, response: { 200: dataEnvelope(versionSchema) } };
  r.post(
    '/api/vendors/:id/documents/:document_id/versions/:version_id/restore',
    {
      schema: {
        ...tags,
        description: 'A new latest version with the content of this one, chained after the current one.',
        params: versionParamsSchema,
        response: { 201: dataEnvelope(versionSchema) },
      },
    },
    async (q, reply) => {
      const { id, document_id, version_id } = q.params;
      const data = await service.restoreVersion(ctx, requireActor(q), id, document_id, version_id);
      return reply.status(201).send({ data });
    },
  );
  r.put(
    '/api/vendors/:id/documents/:document_id/versions/:version_id/validation',
    { schema: { ...one, description: 'Validates the version (firm members).' } },
    async (q) => {
      const { id, document_id, version_id } = q.params;
      return { data: await service.setValidated(ctx, requireActor(q), id, document_id, version_id, true) };
    },
  );
  r.delete(
    '/api/vendors/:id/documents/:document_id/versions/:version_id/validation',
    { schema: { ...one, description: "Withdraws the version's validation (firm members)." } },
    async (q) => {
      const { id, document_id, version_id } = q.params;
      return { data: await service.setValidated(ctx, requireActor(q), id, document_id, version_id, false) };
    },
  );
}
