import {
  createVendorRequestSchema,
  dataEnvelope,
  firmIdParamsSchema,
  listVendorsQuerySchema,
  paginated,
  siretCheckSchema,
  siretLookupQuerySchema,
  siretLookupSchema,
  updateVendorRequestSchema,
  vendorDeleteRequestSchema,
  vendorIdParamsSchema,
  vendorListItemSchema,
  vendorSchema,
  vendorTransferRequestSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { enveloped } from '../../../platform/http/prebuilt-json';
import { bearer, typed } from '../../../platform/http/route-helpers';
import { lookupSiret } from './siret-lookup';
import { listTreeStructures } from './tree-structures.service';
import * as vendors from './vendors.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));
const treeFolder: z.ZodType<{ name: string; children?: unknown[] }> = z.lazy(() =>
  z.object({ name: z.string(), children: z.array(treeFolder).optional() }),
);

export function vendorsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['client files'];
  const one = { 200: dataEnvelope(vendorSchema) };

  r.get(
    '/api/accounting-firms/:id/vendors',
    {
      schema: {
        tags,
        security: bearer,
        params: firmIdParamsSchema,
        querystring: listVendorsQuerySchema,
        response: { 200: paginated(vendorListItemSchema) },
      },
    },
    async (request) => vendors.listVendors(ctx, requireActor(request), request.params.id, request.query),
  );

  r.post(
    '/api/accounting-firms/:id/vendors',
    {
      schema: {
        tags,
        security: bearer,
        params: firmIdParamsSchema,
        body: createVendorRequestSchema,
        response: { 201: dataEnvelope(vendorSchema) },
      },
    },
    async (request, reply) => {
      const vendor = await vendors.createVendor(ctx, requireActor(request), request.params.id, request.body);
      return reply.status(201).send({ data: vendor });
    },
  );

  r.get(
    '/api/accounting-firms/:id/tree-structures',
    {
      schema: {
        tags,
        security: bearer,
        params: firmIdParamsSchema,
        response: {
          200: dataEnvelope(
            z.array(
              z.object({
                id: z.number().int(),
                name: z.string(),
                is_default: z.boolean(),
                folders: z.array(treeFolder),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ({ data: await listTreeStructures(ctx, requireActor(request), request.params.id) }),
  );

  r.get(
    '/api/accounting-firms/:id/siret-check',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The client creation wizard's first step: whether the SIRET is free on the whole platform (422 `siret-already-used` when a client file of this or another portal has it). Firm administrators.",
        params: firmIdParamsSchema,
        querystring: siretLookupQuerySchema,
        response: { 200: dataEnvelope(siretCheckSchema) },
      },
    },
    async (request) => ({
      data: await vendors.checkSiret(ctx, requireActor(request), request.params.id, request.query.siret),
    }),
  );

  r.get(
    '/api/siret-lookup',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Company data from a SIRET through the configured provider; `found: false` means fill in by hand.',
        querystring: siretLookupQuerySchema,
        response: { 200: dataEnvelope(siretLookupSchema) },
      },
    },
    async (request) => {
      requireActor(request);
      return { data: await lookupSiret(ctx, request.query.siret) };
    },
  );

  r.get(
    '/api/vendors/:id',
    { schema: { tags, security: bearer, params: vendorIdParamsSchema, response: one } },
    async (request) => enveloped(await vendors.getVendor(ctx, requireActor(request), request.params.id)),
  );

  r.patch(
    '/api/vendors/:id',
    {
      schema: {
        tags,
        security: bearer,
        params: vendorIdParamsSchema,
        body: updateVendorRequestSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await vendors.updateVendor(ctx, requireActor(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/api/vendors/:id/deactivate',
    { schema: { tags, security: bearer, params: vendorIdParamsSchema, response: one } },
    async (request) => ({
      data: await vendors.setVendorStatus(ctx, requireActor(request), request.params.id, 'deactivated'),
    }),
  );

  r.post(
    '/api/vendors/:id/restore',
    { schema: { tags, security: bearer, params: vendorIdParamsSchema, response: one } },
    async (request) => ({
      data: await vendors.setVendorStatus(ctx, requireActor(request), request.params.id, 'active'),
    }),
  );

  r.post(
    '/api/vendors/:id/transfer',
    {
      schema: {
        tags,
        security: bearer,
        params: vendorIdParamsSchema,
        body: vendorTransferRequestSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await vendors.transferVendor(
        ctx,
        requireActor(request),
        request.params.id,
        request.body.accounting_firm_id,
      ),
    }),
  );

  r.delete(
    '/api/vendors/:id',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Permanent deletion; `confirmation` must be the client code.',
        params: vendorIdParamsSchema,
        body: vendorDeleteRequestSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await vendors.deleteVendor(ctx, requireActor(request), request.params.id, request.body.confirmation);
      return { data: { success: true as const } };
    },
  );
}
