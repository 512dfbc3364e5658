import { dataEnvelope, davPreferencesRequestSchema, davPreferencesSchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as preferences from './dav-preferences.service';

/** The caller's network-drive preferences (profile → documents). */
export function davPreferencesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['documents'];

  r.get(
    '/api/users/me/dav-preferences',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The caller's network-drive preferences: the workspaces the drive shows (`null`: all their firms) and the parts of the client folders' names, in order (default `client code - company`).",
        response: { 200: dataEnvelope(davPreferencesSchema) },
      },
    },
    async (request) => ({ data: await preferences.getMine(ctx, requireActor(request)) }),
  );

  r.put(
    '/api/users/me/dav-preferences',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Sets the caller's network-drive preferences; the drive shows them at its next request. A firm the caller does not belong to answers 422 on `visible_accounting_firm_ids`.",
        body: davPreferencesRequestSchema,
        response: { 200: dataEnvelope(davPreferencesSchema) },
      },
    },
    async (request) => ({ data: await preferences.setMine(ctx, requireActor(request), request.body) }),
  );
}
