import {
  createIdentityProviderRequestSchema,
  dataEnvelope,
  firmIdParamsSchema,
  identityProviderParamsSchema,
  identityProviderSchema,
  updateIdentityProviderRequestSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as providers from './providers.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));

/** A firm's OpenID Connect providers (firm administrators); the client secret is write-only. */
export function providerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['single sign-on'];

  r.get(
    '/api/accounting-firms/:id/identity-providers',
    {
      schema: {
        tags,
        security: bearer,
        description: "The firm's identity providers (never their client secret).",
        params: firmIdParamsSchema,
        response: { 200: dataEnvelope(z.array(identityProviderSchema)) },
      },
    },
    async (request) => ({
      data: await providers.listProviders(ctx, requireActor(request), request.params.id),
    }),
  );

  r.post(
    '/api/accounting-firms/:id/identity-providers',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Adds an OpenID Connect provider; its callback is PUBLIC_URL/api/oauth/callback.',
        params: firmIdParamsSchema,
        body: createIdentityProviderRequestSchema,
        response: { 201: dataEnvelope(identityProviderSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await providers.createProvider(ctx, requireActor(request), request.params.id, request.body),
      }),
  );

  r.patch(
    '/api/accounting-firms/:id/identity-providers/:provider_id',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Changes a provider; without `client_secret` the stored one is kept.',
        params: identityProviderParamsSchema,
        body: updateIdentityProviderRequestSchema,
        response: { 200: dataEnvelope(identityProviderSchema) },
      },
    },
    async (request) => ({
      data: await providers.updateProvider(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.provider_id,
        request.body,
      ),
    }),
  );

  r.delete(
    '/api/accounting-firms/:id/identity-providers/:provider_id',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Removes a provider (its sign-in button goes away).',
        params: identityProviderParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await providers.deleteProvider(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.provider_id,
      );
      return { data: { success: true as const } };
    },
  );
}
