import {
  confirmRequestSchema,
  createFeatureFlagRequestSchema,
  dataEnvelope,
  featureFlagFirmParamsSchema,
  featureFlagParamsSchema,
  featureFlagSchema,
  flagOverrideRequestSchema,
  globalParameterParamsSchema,
  globalParameterSchema,
  npsSettingsSchema,
  putGlobalParameterRequestSchema,
  putNpsSettingsRequestSchema,
  updateFeatureFlagRequestSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as flags from './platform-flags.service';
import * as nps from './platform-nps.service';

/** The super admin's feature flags (spec: sa/flags), global parameters and survey settings. */
export function platformFlagsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['super admin'];
  const flag = dataEnvelope(featureFlagSchema);

  r.get(
    '/api/sa/flags',
    {
      schema: {
        tags,
        security: bearer,
        description: 'The feature flags, by name, with their per-portal overrides.',
        response: { 200: dataEnvelope(z.array(featureFlagSchema)) },
      },
    },
    async (request) => ({ data: await flags.listFlags(ctx, requireActor(request)) }),
  );

  r.post(
    '/api/sa/flags',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Creates a flag (a valid, unique name; off by default).',
        body: createFeatureFlagRequestSchema,
        response: { 201: flag },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await flags.createFlag(ctx, requireActor(request), request.body) }),
  );

  r.patch(
    '/api/sa/flags/:id',
    {
      schema: {
        tags,
        security: bearer,
        description: "Changes a flag's name, description, default or publicity.",
        params: featureFlagParamsSchema,
        body: updateFeatureFlagRequestSchema,
        response: { 200: flag },
      },
    },
    async (request) => ({
      data: await flags.updateFlag(ctx, requireActor(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/sa/flags/:id',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Deletes a flag; `confirm` must be its name.',
        params: featureFlagParamsSchema,
        body: confirmRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await flags.deleteFlag(ctx, requireActor(request), request.params.id, request.body.confirm);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/api/sa/flags/:id/accounting-firms/:firm_id',
    {
      schema: {
        tags,
        security: bearer,
        description: "Sets a portal's own value of the flag.",
        params: featureFlagFirmParamsSchema,
        body: flagOverrideRequestSchema,
        response: { 200: flag },
      },
    },
    async (request) => ({
      data: await flags.setOverride(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.firm_id,
        request.body.enabled,
      ),
    }),
  );

  r.delete(
    '/api/sa/flags/:id/accounting-firms/:firm_id',
    {
      schema: {
        tags,
        security: bearer,
        description: "Removes a portal's own value: it follows the flag's default again.",
        params: featureFlagFirmParamsSchema,
        response: { 200: flag },
      },
    },
    async (request) => ({
      data: await flags.setOverride(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.firm_id,
        null,
      ),
    }),
  );

  r.get(
    '/api/sa/global-parameters',
    {
      schema: {
        tags,
        security: bearer,
        description: 'The global parameters: each known key with its value and default.',
        response: { 200: dataEnvelope(z.array(globalParameterSchema)) },
      },
    },
    async (request) => ({ data: await flags.listGlobalParameters(ctx, requireActor(request)) }),
  );

  r.get(
    '/api/sa/global-parameters/:key',
    {
      schema: {
        tags,
        security: bearer,
        params: globalParameterParamsSchema,
        response: { 200: dataEnvelope(globalParameterSchema) },
      },
    },
    async (request) => ({
      data: await flags.getGlobalParameter(ctx, requireActor(request), request.params.key),
    }),
  );

  r.put(
    '/api/sa/global-parameters/:key',
    {
      schema: {
        tags,
        security: bearer,
        description: "Sets a global parameter's value, checked against its key's type.",
        params: globalParameterParamsSchema,
        body: putGlobalParameterRequestSchema,
        response: { 200: dataEnvelope(globalParameterSchema) },
      },
    },
    async (request) => ({
      data: await flags.putGlobalParameter(
        ctx,
        requireActor(request),
        request.params.key,
        request.body.value,
      ),
    }),
  );

  r.get(
    '/api/sa/nps-surveys/settings',
    {
      schema: {
        tags,
        security: bearer,
        description: "The satisfaction survey's settings (defaults until saved).",
        response: { 200: dataEnvelope(npsSettingsSchema) },
      },
    },
    async (request) => ({ data: await nps.getNpsSettings(ctx, requireActor(request)) }),
  );

  r.put(
    '/api/sa/nps-surveys/settings',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Saves the survey's settings: on or off, the message hidden, its form (one 0-10 question, optional comments), days between two surveys, closes before never asking again.",
        body: putNpsSettingsRequestSchema,
        response: { 200: dataEnvelope(npsSettingsSchema) },
      },
    },
    async (request) => ({ data: await nps.putNpsSettings(ctx, requireActor(request), request.body) }),
  );
}
