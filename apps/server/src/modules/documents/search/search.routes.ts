import {
  firmIdParamsSchema,
  paginated,
  searchHitSchema,
  searchQuerySchema,
  vendorIdParamsSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, typed } from '../../../platform/http/route-helpers';
import * as service from './search.service';

/** Full-text search of the documents: one client file, a firm's (firm side), one's companies (client side). */
export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const schema = {
    tags: ['documents: search'],
    security: bearer,
    querystring: searchQuerySchema,
    response: { 200: paginated(searchHitSchema) },
  };
  r.get('/api/vendors/:id/search', { schema: { ...schema, params: vendorIdParamsSchema } }, async (q) =>
    service.searchVendor(ctx, requireActor(q), q.params.id, q.query),
  );
  r.get(
    '/api/accounting-firms/:id/search',
    { schema: { ...schema, params: firmIdParamsSchema } },
    async (q) => service.searchFirm(ctx, requireActor(q), q.params.id, q.query, 'firm'),
  );
  r.get(
    '/api/users/me/accounting-firms/:id/search',
    { schema: { ...schema, params: firmIdParamsSchema } },
    async (q) => service.searchFirm(ctx, requireActor(q), q.params.id, q.query, 'client'),
  );
}
