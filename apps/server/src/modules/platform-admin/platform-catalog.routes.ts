import {
  confirmRequestSchema,
  createSaProductRequestSchema,
  dataEnvelope,
  firmProductsRequestSchema,
  firmProductsSchema,
  listSaModulesQuerySchema,
  moduleSubscriptionRequestSchema,
  moduleSubscriptionsSchema,
  platformFirmParamsSchema,
  saModuleParamsSchema,
  saModuleSchema,
  saProductParamsSchema,
  saProductSchema,
  updateSaModuleRequestSchema,
  updateSaProductRequestSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as catalog from './platform-catalog.service';

/** The super admin's modules (spec: sa/modules, modules/subscriptions) and products. */
export function platformCatalogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['super admin'];

  r.get(
    '/api/sa/modules',
    {
      schema: {
        tags,
        security: bearer,
        description: 'The modules, by priority (inactive ones on request), with how many portals subscribe.',
        querystring: listSaModulesQuerySchema,
        response: { 200: dataEnvelope(z.array(saModuleSchema)) },
      },
    },
    async (request) => ({
      data: await catalog.listModules(ctx, requireActor(request), request.query.include_inactive ?? false),
    }),
  );

  r.get(
    '/api/sa/modules/subscriptions',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Which portals subscribe to each module.',
        response: { 200: dataEnvelope(z.array(moduleSubscriptionsSchema)) },
      },
    },
    async (request) => ({ data: await catalog.moduleSubscriptions(ctx, requireActor(request)) }),
  );

  r.patch(
    '/api/sa/modules/:id',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Changes a module: name, active (an inactive one leaves every navigation), priority, home, navbar and settings flags, audience.',
        params: saModuleParamsSchema,
        body: updateSaModuleRequestSchema,
        response: { 200: dataEnvelope(saModuleSchema) },
      },
    },
    async (request) => ({
      data: await catalog.updateModule(ctx, requireActor(request), request.params.id, request.body),
    }),
  );

  for (const [action, subscribed] of [
    ['subscribe', true],
    ['unsubscribe', false],
  ] as const) {
    r.post(
      `/api/sa/modules/:id/${action}`,
      {
        schema: {
          tags,
          security: bearer,
          description: subscribed
            ? 'Subscribes the portals to the module (those already subscribed stay).'
            : 'Unsubscribes the portals from the module.',
          params: saModuleParamsSchema,
          body: moduleSubscriptionRequestSchema,
          response: { 200: dataEnvelope(moduleSubscriptionsSchema) },
        },
      },
      async (request) => ({
        data: await catalog.setSubscription(
          ctx,
          requireActor(request),
          request.params.id,
          request.body.accounting_firm_ids,
          subscribed,
        ),
      }),
    );
  }

  const product = dataEnvelope(saProductSchema);

  r.get(
    '/api/sa/products',
    {
      schema: {
        tags,
        security: bearer,
        description: 'The billed products, by name, with their modules.',
        response: { 200: dataEnvelope(z.array(saProductSchema)) },
      },
    },
    async (request) => ({ data: await catalog.listProducts(ctx, requireActor(request)) }),
  );

  r.post(
    '/api/sa/products',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Creates a product (a unique name, at least one module).',
        body: createSaProductRequestSchema,
        response: { 201: product },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await catalog.createProduct(ctx, requireActor(request), request.body) }),
  );

  r.get(
    '/api/sa/products/:id',
    { schema: { tags, security: bearer, params: saProductParamsSchema, response: { 200: product } } },
    async (request) => ({ data: await catalog.getProduct(ctx, requireActor(request), request.params.id) }),
  );

  r.patch(
    '/api/sa/products/:id',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Changes a product; the portals that have it subscribe to the modules it gains.',
        params: saProductParamsSchema,
        body: updateSaProductRequestSchema,
        response: { 200: product },
      },
    },
    async (request) => ({
      data: await catalog.updateProduct(ctx, requireActor(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/sa/products/:id',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Deletes a product; `confirm` must be its name. The portals keep its modules.',
        params: saProductParamsSchema,
        body: confirmRequestSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await catalog.deleteProduct(ctx, requireActor(request), request.params.id, request.body.confirm);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/sa/accounting-firms/:id/products',
    {
      schema: {
        tags,
        security: bearer,
        description: "A portal's products and modules.",
        params: platformFirmParamsSchema,
        response: { 200: dataEnvelope(firmProductsSchema) },
      },
    },
    async (request) => ({
      data: await catalog.getFirmProducts(ctx, requireActor(request), request.params.id),
    }),
  );

  r.put(
    '/api/sa/accounting-firms/:id/products',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Sets a portal's products: it subscribes to their modules and leaves those only the removed products brought.",
        params: platformFirmParamsSchema,
        body: firmProductsRequestSchema,
        response: { 200: dataEnvelope(firmProductsSchema) },
      },
    },
    async (request) => ({
      data: await catalog.setFirmProducts(
        ctx,
        requireActor(request),
        request.params.id,
        request.body.product_ids,
      ),
    }),
  );
}
