import {
  dataEnvelope,
  firmIdParamsSchema,
  inviteMemberRequestSchema,
  listMembersQuerySchema,
  memberDetailSchema,
  memberParamsSchema,
  memberSchema,
  removeMemberQuerySchema,
  removeMemberResultSchema,
  setAssignmentsRequestSchema,
  updateMemberRequestSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as team from './team.service';

/** The firm team: members, their rights and their client file assignments. */
export function teamRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['team'];
  const one = { 200: dataEnvelope(memberDetailSchema) };

  r.get(
    '/api/accounting-firms/:id/members',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'The firm team, sorted by name. `assigned_only=true` keeps members who reach at least one client file.',
        params: firmIdParamsSchema,
        querystring: listMembersQuerySchema,
        response: { 200: dataEnvelope(z.array(memberSchema)) },
      },
    },
    async (request) => ({
      data: await team.listMembers(ctx, requireActor(request), request.params.id, request.query),
    }),
  );

  r.post(
    '/api/accounting-firms/:id/members',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Adds a member; a new account receives an invitation (create-password link).',
        params: firmIdParamsSchema,
        body: inviteMemberRequestSchema,
        response: { 201: dataEnvelope(memberDetailSchema) },
      },
    },
    async (request, reply) => {
      const member = await team.inviteMember(ctx, requireActor(request), request.params.id, request.body);
      return reply.status(201).send({ data: member });
    },
  );

  r.get(
    '/api/accounting-firms/:id/members/:userId',
    { schema: { tags, security: bearer, params: memberParamsSchema, response: one } },
    async (request) => ({
      data: await team.getMember(ctx, requireActor(request), request.params.id, request.params.userId),
    }),
  );

  r.patch(
    '/api/accounting-firms/:id/members/:userId',
    {
      schema: {
        tags,
        security: bearer,
        params: memberParamsSchema,
        body: updateMemberRequestSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await team.updateMember(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.userId,
        request.body,
      ),
    }),
  );

  r.put(
    '/api/accounting-firms/:id/members/:userId/assignments',
    {
      schema: {
        tags,
        security: bearer,
        description: "Replaces the member's client file assignments.",
        params: memberParamsSchema,
        body: setAssignmentsRequestSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await team.setAssignments(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.userId,
        request.body,
      ),
    }),
  );

  r.delete(
    '/api/accounting-firms/:id/members/:userId',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Removes a member's access (firm administrators only, never one's own). `last_access` tells the user has no portal access left; with `delete_user=true` the account is then deleted.",
        params: memberParamsSchema,
        querystring: removeMemberQuerySchema,
        response: { 200: dataEnvelope(removeMemberResultSchema) },
      },
    },
    async (request) => ({
      data: await team.removeMember(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.userId,
        request.query.delete_user === 'true',
      ),
    }),
  );
}
