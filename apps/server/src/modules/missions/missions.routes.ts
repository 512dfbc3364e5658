import {
  createMissionRequestSchema,
  dataEnvelope,
  firmIdParamsSchema,
  generateTasksResultSchema,
  listMissionsQuerySchema,
  missionDetailSchema,
  missionParamsSchema,
  missionSchema,
  paginated,
  signMissionRequestSchema,
  updateMissionRequestSchema,
  vendorIdParamsSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as generation from './mission-generation.service';
import * as missions from './missions.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));

/** A client file's missions and the tasks their recurrence generates (issue 30). */
export function missionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['missions'];
  const base = '/api/vendors/:id/missions';
  const one = `${base}/:mission_id`;

  r.get(
    base,
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The client file's missions, 15 a page sorted by name (firm members, client administrators).",
        params: vendorIdParamsSchema,
        querystring: listMissionsQuerySchema,
        response: { 200: paginated(missionSchema) },
      },
    },
    async (request) =>
      missions.listVendorMissions(ctx, requireActor(request), request.params.id, request.query),
  );

  r.post(
    base,
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Creates a not-signed mission with services of the firm's catalogue (dates within the mission's); the manager defaults to the caller.",
        params: vendorIdParamsSchema,
        body: createMissionRequestSchema,
        response: { 201: dataEnvelope(missionDetailSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await missions.createMission(ctx, requireActor(request), request.params.id, request.body),
      }),
  );

  r.get(
    one,
    {
      schema: {
        tags,
        security: bearer,
        description: 'A mission with its services and its occurrences (the tasks generated).',
        params: missionParamsSchema,
        response: { 200: dataEnvelope(missionDetailSchema) },
      },
    },
    async (request) => ({
      data: await missions.getMission(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.mission_id,
      ),
    }),
  );

  r.patch(
    one,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Changes a mission; `status: "done"` stops it. A signed mission keeps its services, prices and dates (409 `mission-signed`).',
        params: missionParamsSchema,
        body: updateMissionRequestSchema,
        response: { 200: dataEnvelope(missionDetailSchema) },
      },
    },
    async (request) => ({
      data: await missions.updateMission(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.mission_id,
        request.body,
      ),
    }),
  );

  r.delete(
    one,
    {
      schema: {
        tags,
        security: bearer,
        description: 'Deletes a not-signed mission (a signed one: 409 `mission-signed`, mark it done).',
        params: missionParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await missions.deleteMission(ctx, requireActor(request), request.params.id, request.params.mission_id);
      return { data: { success: true as const } };
    },
  );

  r.post(
    `${one}/generate-tasks`,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Creates now the occurrences whose creation date (due date minus lead time) has passed, once per service and period (422 `mission-not-signed`).',
        params: missionParamsSchema,
        response: { 200: dataEnvelope(generateTasksResultSchema) },
      },
    },
    async (request) => ({
      data: await generation.generateTasks(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.mission_id,
      ),
    }),
  );

  r.post(
    `${one}/sign`,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Marks a not-signed mission signed (a paper letter: `document_id`, a document of the client file) and creates the occurrences already due.',
        params: missionParamsSchema,
        body: signMissionRequestSchema,
        response: { 200: dataEnvelope(missionDetailSchema) },
      },
    },
    async (request) => ({
      data: await generation.signMission(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.mission_id,
        request.body,
      ),
    }),
  );

  r.get(
    '/api/accounting-firms/:id/missions',
    {
      schema: {
        tags,
        security: bearer,
        description: "The firm's missions, 15 a page sorted by name (collaborators: their client files').",
        params: firmIdParamsSchema,
        querystring: listMissionsQuerySchema,
        response: { 200: paginated(missionSchema) },
      },
    },
    async (request) =>
      missions.listFirmMissions(ctx, requireActor(request), request.params.id, request.query),
  );
}
