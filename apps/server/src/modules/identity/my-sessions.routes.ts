import { dataEnvelope, sessionIdParamsSchema, sessionSummarySchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as mySessions from './my-sessions.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));

/** A person's own sessions: see them, end one, end all the others. */
export function mySessionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['authentication'];

  r.get(
    '/api/users/me/sessions',
    { schema: { tags, security: bearer, response: { 200: dataEnvelope(z.array(sessionSummarySchema)) } } },
    async (request) => ({ data: await mySessions.mySessions(ctx, requireActor(request)) }),
  );

  r.delete(
    '/api/users/me/sessions',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Ends every session of the caller but the one making the request.',
        response: { 200: ok },
      },
    },
    async (request) => {
      await mySessions.endOtherSessions(ctx, requireActor(request));
      return { data: { success: true as const } };
    },
  );

  r.delete(
    '/api/users/me/sessions/:id',
    {
      schema: {
        tags,
        security: bearer,
        description: "Ends one of the caller's sessions (the current one signs out).",
        params: sessionIdParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await mySessions.endSession(ctx, requireActor(request), request.params.id);
      return { data: { success: true as const } };
    },
  );
}
