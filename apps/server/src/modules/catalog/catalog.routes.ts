import {
  catalogCategoryParamsSchema,
  catalogCategorySchema,
  catalogOfferParamsSchema,
  catalogOfferSchema,
  catalogServiceParamsSchema,
  catalogServiceSchema,
  createCatalogCategoryRequestSchema,
  createCatalogOfferRequestSchema,
  createCatalogServiceRequestSchema,
  dataEnvelope,
  firmIdParamsSchema,
  listCatalogOffersQuerySchema,
  listCatalogServicesQuerySchema,
  paginated,
  updateCatalogCategoryRequestSchema,
  updateCatalogOfferRequestSchema,
  updateCatalogServiceRequestSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as categories from './catalog-categories.service';
import * as offers from './catalog-offers.service';
import * as services from './catalog-services.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));
const success = { data: { success: true as const } };

/** A firm's service catalogue (issue 30): its members read it, its administrators write it. */
export function catalogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['catalog'];
  const base = '/api/accounting-firms/:id/catalog';

  r.get(
    `${base}/categories`,
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The catalogue's categories by position, each with its number of services (firm members).",
        params: firmIdParamsSchema,
        response: { 200: dataEnvelope(z.array(catalogCategorySchema)) },
      },
    },
    async (request) => ({
      data: await categories.listCategories(ctx, requireActor(request), request.params.id),
    }),
  );

  r.post(
    `${base}/categories`,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Creates a category (firm administrators): name unique in the portal; last when no position.',
        params: firmIdParamsSchema,
        body: createCatalogCategoryRequestSchema,
        response: { 201: dataEnvelope(catalogCategorySchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await categories.createCategory(ctx, requireActor(request), request.params.id, request.body),
      }),
  );

  r.get(
    `${base}/categories/:category_id`,
    {
      schema: {
        tags,
        security: bearer,
        description: 'A category of the catalogue (firm members).',
        params: catalogCategoryParamsSchema,
        response: { 200: dataEnvelope(catalogCategorySchema) },
      },
    },
    async (request) => ({
      data: await categories.getCategory(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.category_id,
      ),
    }),
  );

  r.patch(
    `${base}/categories/:category_id`,
    {
      schema: {
        tags,
        security: bearer,
        description: 'Renames, describes or moves a category (firm administrators).',
        params: catalogCategoryParamsSchema,
        body: updateCatalogCategoryRequestSchema,
        response: { 200: dataEnvelope(catalogCategorySchema) },
      },
    },
    async (request) => ({
      data: await categories.updateCategory(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.category_id,
        request.body,
      ),
    }),
  );

  r.delete(
    `${base}/categories/:category_id`,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Deletes a category (firm administrators); its offers lose it. One with services answers 409 `category-not-empty`.',
        params: catalogCategoryParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await categories.deleteCategory(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.category_id,
      );
      return success;
    },
  );

  r.get(
    `${base}/services`,
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The catalogue's services by title (archived ones last), private ones and prices included (firm members); `search` in the title, reference or abbreviation.",
        params: firmIdParamsSchema,
        querystring: listCatalogServicesQuerySchema,
        response: { 200: paginated(catalogServiceSchema) },
      },
    },
    async (request) => services.listServices(ctx, requireActor(request), request.params.id, request.query),
  );

  r.post(
    `${base}/services`,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Creates a service (firm administrators): reference and abbreviation unique in the portal, a category of the portal, a valid task template.',
        params: firmIdParamsSchema,
        body: createCatalogServiceRequestSchema,
        response: { 201: dataEnvelope(catalogServiceSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await services.createService(ctx, requireActor(request), request.params.id, request.body),
      }),
  );

  r.get(
    `${base}/services/:service_id`,
    {
      schema: {
        tags,
        security: bearer,
        description: 'A service of the catalogue with its task template (firm members).',
        params: catalogServiceParamsSchema,
        response: { 200: dataEnvelope(catalogServiceSchema) },
      },
    },
    async (request) => ({
      data: await services.getService(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.service_id,
      ),
    }),
  );

  r.patch(
    `${base}/services/:service_id`,
    {
      schema: {
        tags,
        security: bearer,
        description: 'Changes or archives (`archived`) a service (firm administrators).',
        params: catalogServiceParamsSchema,
        body: updateCatalogServiceRequestSchema,
        response: { 200: dataEnvelope(catalogServiceSchema) },
      },
    },
    async (request) => ({
      data: await services.updateService(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.service_id,
        request.body,
      ),
    }),
  );

  r.delete(
    `${base}/services/:service_id`,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Deletes a service (firm administrators). One an offer or a mission uses answers 409 `service-in-use`: archive it instead.',
        params: catalogServiceParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await services.deleteService(ctx, requireActor(request), request.params.id, request.params.service_id);
      return success;
    },
  );

  r.get(
    `${base}/offers`,
    {
      schema: {
        tags,
        security: bearer,
        description: "The catalogue's offers by name with their services and prices (firm members).",
        params: firmIdParamsSchema,
        querystring: listCatalogOffersQuerySchema,
        response: { 200: paginated(catalogOfferSchema) },
      },
    },
    async (request) => offers.listOffers(ctx, requireActor(request), request.params.id, request.query),
  );

  r.post(
    `${base}/offers`,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Creates an offer (firm administrators): name unique in the portal, at least one live service of the portal, each once.',
        params: firmIdParamsSchema,
        body: createCatalogOfferRequestSchema,
        response: { 201: dataEnvelope(catalogOfferSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await offers.createOffer(ctx, requireActor(request), request.params.id, request.body),
      }),
  );

  r.get(
    `${base}/offers/:offer_id`,
    {
      schema: {
        tags,
        security: bearer,
        description: 'An offer of the catalogue (firm members).',
        params: catalogOfferParamsSchema,
        response: { 200: dataEnvelope(catalogOfferSchema) },
      },
    },
    async (request) => ({
      data: await offers.getOffer(ctx, requireActor(request), request.params.id, request.params.offer_id),
    }),
  );

  r.patch(
    `${base}/offers/:offer_id`,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Changes an offer (firm administrators); `services` and `category_ids` replace the lists.',
        params: catalogOfferParamsSchema,
        body: updateCatalogOfferRequestSchema,
        response: { 200: dataEnvelope(catalogOfferSchema) },
      },
    },
    async (request) => ({
      data: await offers.updateOffer(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.offer_id,
        request.body,
      ),
    }),
  );

  r.delete(
    `${base}/offers/:offer_id`,
    {
      schema: {
        tags,
        security: bearer,
        description: 'Deletes an offer (firm administrators).',
        params: catalogOfferParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await offers.deleteOffer(ctx, requireActor(request), request.params.id, request.params.offer_id);
      return success;
    },
  );
}
