import {
  createPlatformFirmRequestSchema,
  dataEnvelope,
  listPlatformFirmsQuerySchema,
  paginated,
  platformFirmParamsSchema,
  platformFirmSchema,
  platformHoldingSchema,
  updatePlatformFirmRequestSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as platform from './platform-admin.service';

/** The platform super admin's portals (spec: sa/accounting-firms) and holdings. */
export function platformAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['super admin'];
  const firm = dataEnvelope(platformFirmSchema);

  r.get(
    '/api/sa/accounting-firms',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Every portal, by name (search on name and domain; deactivated ones on request).',
        querystring: listPlatformFirmsQuerySchema,
        response: { 200: paginated(platformFirmSchema) },
      },
    },
    async (request) => platform.listFirms(ctx, requireActor(request), request.query),
  );

  r.post(
    '/api/sa/accounting-firms',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Creates a portal with its modules, default terms of use and first administrator (invited by mail).',
        body: createPlatformFirmRequestSchema,
        response: { 201: firm },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await platform.createFirm(ctx, requireActor(request), request.body) }),
  );

  r.get(
    '/api/sa/accounting-firms/:id',
    { schema: { tags, security: bearer, params: platformFirmParamsSchema, response: { 200: firm } } },
    async (request) => ({ data: await platform.getFirm(ctx, requireActor(request), request.params.id) }),
  );

  r.patch(
    '/api/sa/accounting-firms/:id',
    {
      schema: {
        tags,
        security: bearer,
        description: "Changes a portal's name, domain, welcome message or modules.",
        params: platformFirmParamsSchema,
        body: updatePlatformFirmRequestSchema,
        response: { 200: firm },
      },
    },
    async (request) => ({
      data: await platform.updateFirm(ctx, requireActor(request), request.params.id, request.body),
    }),
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['restore', true],
  ] as const) {
    r.post(
      `/api/sa/accounting-firms/:id/${action}`,
      {
        schema: {
          tags,
          security: bearer,
          description: active
            ? 'Reopens a deactivated portal to its users.'
            : 'Closes a portal to its users; its data stays.',
          params: platformFirmParamsSchema,
          response: { 200: firm },
        },
      },
      async (request) => ({
        data: await platform.setFirmActive(ctx, requireActor(request), request.params.id, active),
      }),
    );
  }

  r.get(
    '/api/sa/holdings',
    {
      schema: { tags, security: bearer, response: { 200: dataEnvelope(z.array(platformHoldingSchema)) } },
    },
    async (request) => ({ data: await platform.listHoldings(ctx, requireActor(request)) }),
  );
}
