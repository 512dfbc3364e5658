import { dataEnvelope, memberParamsSchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import { endMemberSessions } from './member-sessions.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));

/** A firm administrator ends the sessions of a person of the firm. */
export function memberSessionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).delete(
    '/api/accounting-firms/:id/users/:userId/sessions',
    {
      schema: {
        tags: ['team'],
        security: bearer,
        description:
          "Ends every session of a team member or client user of the firm (firm administrators only): their next request is refused. Only for a person the firm alone knows (403 `person-in-other-portals` otherwise); one's own sessions end from `/api/users/me/sessions` (403 `cannot-revoke-own-sessions`). An invited person who has not accepted answers 200 and nothing ends.",
        params: memberParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await endMemberSessions(ctx, requireActor(request), request.params.id, request.params.userId);
      return { data: { success: true as const } };
    },
  );
}
