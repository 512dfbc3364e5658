import { dataEnvelope, firmIdParamsSchema, unreadDocumentsSchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, typed } from '../../../platform/http/route-helpers';
import * as service from './unread.service';

/** The caller's unread documents per client file of a firm. */
export function unreadRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).get(
    '/api/users/me/accounting-firms/:id/unread-documents',
    {
      schema: {
        tags: ['documents: folders'],
        security: bearer,
        params: firmIdParamsSchema,
        response: { 200: dataEnvelope(z.array(unreadDocumentsSchema)) },
      },
    },
    async (q) => ({ data: await service.unreadDocuments(ctx, requireActor(q), q.params.id) }),
  );
}
