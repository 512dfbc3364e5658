import {
  dataEnvelope,
  holdingDashboardSchema,
  holdingFirmParamsSchema,
  holdingParamsSchema,
  holdingUserFirmParamsSchema,
  holdingUserParamsSchema,
  holdingUserSchema,
  holdingVendorSchema,
  holdingWorkspaceDetailSchema,
  holdingWorkspaceSchema,
  listHoldingUsersQuerySchema,
  listHoldingVendorsQuerySchema,
  listHoldingWorkspacesQuerySchema,
  myHoldingSchema,
  paginated,
  putHoldingWorkspaceAccessRequestSchema,
  updateHoldingUserRequestSchema,
  updateHoldingWorkspaceRequestSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as holdings from './holdings.service';

/** The holding area (spec §7 `holdings/{id}/...`): its dashboard, workspaces, client files and people. */
export function holdingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['holdings'];
  const person = dataEnvelope(holdingUserSchema);

  r.get(
    '/api/users/me/holdings',
    {
      schema: {
        tags,
        security: bearer,
        description: 'The holdings the signed-in person administers or is group admin of.',
        response: { 200: dataEnvelope(z.array(myHoldingSchema)) },
      },
    },
    async (request) => ({ data: await holdings.myHoldings(ctx, requireActor(request)) }),
  );

  r.get(
    '/api/holdings/:id/dash-boards',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The holding's figures: portals, client files, people, documents, tasks; per portal too.",
        params: holdingParamsSchema,
        response: { 200: dataEnvelope(holdingDashboardSchema) },
      },
    },
    async (request) => ({ data: await holdings.dashboard(ctx, requireActor(request), request.params.id) }),
  );

  r.get(
    '/api/holdings/:id/accounting-firms',
    {
      schema: {
        tags,
        security: bearer,
        description: "The holding's workspaces (portals), by name (search on name and domain).",
        params: holdingParamsSchema,
        querystring: listHoldingWorkspacesQuerySchema,
        response: { 200: paginated(holdingWorkspaceSchema) },
      },
    },
    async (request) => holdings.workspaces(ctx, requireActor(request), request.params.id, request.query),
  );

  const workspace = dataEnvelope(holdingWorkspaceDetailSchema);

  r.get(
    '/api/holdings/:id/accounting-firms/:firm_id',
    {
      schema: {
        tags,
        security: bearer,
        description: 'One workspace of the holding, as its form shows it.',
        params: holdingFirmParamsSchema,
        response: { 200: workspace },
      },
    },
    async (request) => ({
      data: await holdings.workspace(ctx, requireActor(request), request.params.id, request.params.firm_id),
    }),
  );

  r.patch(
    '/api/holdings/:id/accounting-firms/:firm_id',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Changes the general information of a workspace of the holding (a domain another portal uses: 422 domain-already-exists).',
        params: holdingFirmParamsSchema,
        body: updateHoldingWorkspaceRequestSchema,
        response: { 200: workspace },
      },
    },
    async (request) => ({
      data: await holdings.updateWorkspace(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.firm_id,
        request.body,
      ),
    }),
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['restore', true],
  ] as const) {
    r.post(
      `/api/holdings/:id/accounting-firms/:firm_id/${action}`,
      {
        schema: {
          tags,
          security: bearer,
          description: active
            ? 'Restores a deactivated workspace of the holding.'
            : 'Deactivates a workspace of the holding: closed to its users, its data kept (the screen asks to type its name).',
          params: holdingFirmParamsSchema,
          response: { 200: workspace },
        },
      },
      async (request) => ({
        data: await holdings.setWorkspaceActive(
          ctx,
          requireActor(request),
          request.params.id,
          request.params.firm_id,
          active,
        ),
      }),
    );
  }

  r.get(
    '/api/holdings/:id/vendors',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'The client files of every workspace of the holding (search on name, client code, SIREN/SIRET; filter by workspace).',
        params: holdingParamsSchema,
        querystring: listHoldingVendorsQuerySchema,
        response: { 200: paginated(holdingVendorSchema) },
      },
    },
    async (request) => holdings.vendors(ctx, requireActor(request), request.params.id, request.query),
  );

  r.get(
    '/api/holdings/:id/users',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The people of the holding's workspaces and its administrators, with their access per workspace.",
        params: holdingParamsSchema,
        querystring: listHoldingUsersQuerySchema,
        response: { 200: dataEnvelope(z.array(holdingUserSchema)) },
      },
    },
    async (request) => ({
      data: await holdings.users(ctx, requireActor(request), request.params.id, request.query),
    }),
  );

  r.get(
    '/api/holdings/:id/users/:userId',
    {
      schema: {
        tags,
        security: bearer,
        description: 'One person of the holding with their access per workspace.',
        params: holdingUserParamsSchema,
        response: { 200: person },
      },
    },
    async (request) => ({
      data: await holdings.user(ctx, requireActor(request), request.params.id, request.params.userId),
    }),
  );

  r.patch(
    '/api/holdings/:id/users/:userId',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Gives or takes a person's holding-admin access (holding administrators; never one's own).",
        params: holdingUserParamsSchema,
        body: updateHoldingUserRequestSchema,
        response: { 200: person },
      },
    },
    async (request) => ({
      data: await holdings.updateUser(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.userId,
        request.body,
      ),
    }),
  );

  r.put(
    '/api/holdings/:id/users/:userId/workspaces/:firm_id',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Adds a person of the holding to one of its workspaces, or changes their role and access there (never one's own).",
        params: holdingUserFirmParamsSchema,
        body: putHoldingWorkspaceAccessRequestSchema,
        response: { 200: person },
      },
    },
    async (request) => ({
      data: await holdings.putWorkspaceAccess(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.userId,
        request.params.firm_id,
        request.body,
      ),
    }),
  );

  r.delete(
    '/api/holdings/:id/users/:userId/workspaces/:firm_id',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Removes a person's access to one workspace (never one's own); `last_access` tells they have no portal access left.",
        params: holdingUserFirmParamsSchema,
        response: {
          200: dataEnvelope(z.object({ removed: z.literal(true), last_access: z.boolean() })),
        },
      },
    },
    async (request) => ({
      data: await holdings.deleteWorkspaceAccess(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.userId,
        request.params.firm_id,
      ),
    }),
  );
}
