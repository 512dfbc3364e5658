import {
  acceptInvitationRequestSchema,
  acceptInvitationResultSchema,
  dataEnvelope,
  invitationInfoSchema,
  invitationTokenQuerySchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { typed } from '../../platform/http/route-helpers';
import * as invitations from './invitations.service';

/** The page of an invitation mailed to an existing account: what it offers, and accepting it. */
export function invitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['invitations'];

  r.get(
    '/api/invitations',
    {
      schema: {
        tags,
        description:
          'What an invitation link offers (portal, client file, role) and whether the account has a password. Public: the token is the proof.',
        querystring: invitationTokenQuerySchema,
        response: { 200: dataEnvelope(invitationInfoSchema) },
      },
    },
    async (request) => ({ data: await invitations.invitationInfo(ctx, request.query.token) }),
  );

  r.post(
    '/api/invitations/accept',
    {
      schema: {
        tags,
        description:
          'Accepts an invitation: the pending membership grants its rights from now on; the link is spent.',
        body: acceptInvitationRequestSchema,
        response: { 200: dataEnvelope(acceptInvitationResultSchema) },
      },
    },
    async (request) => ({ data: await invitations.acceptInvitation(ctx, request.body.token) }),
  );
}
