import {
  accountingPeriodSchema,
  addressInputSchema,
  addressSchema,
  bankInputSchema,
  bankSchema,
  createVendorUserRequestSchema,
  dataEnvelope,
  periodInputSchema,
  updateVendorUserRequestSchema,
  vendorChildParams,
  vendorIdParamsSchema,
  vendorUserSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as banksAddresses from './banks-addresses/banks-addresses.service';
import * as periods from './periods/periods.service';
import * as users from './users/vendor-users.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));
const success = { data: { success: true as const } };

/** Banks, addresses, accounting periods and client users of a client file. */
export function vendorChildrenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const list = <T extends z.ZodType>(item: T) => ({ 200: dataEnvelope(z.array(item)) });
  const one = <T extends z.ZodType>(item: T) => ({ 200: dataEnvelope(item) });
  const created = <T extends z.ZodType>(item: T) => ({ 201: dataEnvelope(item) });

  // Banks
  const banks = { tags: ['client files: banks'], security: bearer };
  r.get(
    '/api/vendors/:id/banks',
    { schema: { ...banks, params: vendorIdParamsSchema, response: list(bankSchema) } },
    async (q) => ({
      data: await banksAddresses.listBanks(ctx, requireActor(q), q.params.id),
    }),
  );
  r.post(
    '/api/vendors/:id/banks',
    {
      schema: {
        ...banks,
        params: vendorIdParamsSchema,
        body: bankInputSchema,
        response: created(bankSchema),
      },
    },
    async (q, reply) =>
      reply
        .status(201)
        .send({ data: await banksAddresses.createBank(ctx, requireActor(q), q.params.id, q.body) }),
  );
  r.put(
    '/api/vendors/:id/banks/:childId',
    {
      schema: {
        ...banks,
        params: vendorChildParams('bank'),
        body: bankInputSchema,
        response: one(bankSchema),
      },
    },
    async (q) => ({
      data: await banksAddresses.updateBank(ctx, requireActor(q), q.params.id, q.params.childId, q.body),
    }),
  );
  r.delete(
    '/api/vendors/:id/banks/:childId',
    { schema: { ...banks, params: vendorChildParams('bank'), response: { 200: ok } } },
    async (q) => {
      await banksAddresses.deleteBank(ctx, requireActor(q), q.params.id, q.params.childId);
      return success;
    },
  );

  // Addresses
  const addresses = { tags: ['client files: addresses'], security: bearer };
  r.get(
    '/api/vendors/:id/addresses',
    { schema: { ...addresses, params: vendorIdParamsSchema, response: list(addressSchema) } },
    async (q) => ({ data: await banksAddresses.listAddresses(ctx, requireActor(q), q.params.id) }),
  );
  r.post(
    '/api/vendors/:id/addresses',
    {
      schema: {
        ...addresses,
        params: vendorIdParamsSchema,
        body: addressInputSchema,
        response: created(addressSchema),
      },
    },
    async (q, reply) =>
      reply
        .status(201)
        .send({ data: await banksAddresses.createAddress(ctx, requireActor(q), q.params.id, q.body) }),
  );
  r.put(
    '/api/vendors/:id/addresses/:childId',
    {
      schema: {
        ...addresses,
        params: vendorChildParams('address'),
        body: addressInputSchema,
        response: one(addressSchema),
      },
    },
    async (q) => ({
      data: await banksAddresses.updateAddress(ctx, requireActor(q), q.params.id, q.params.childId, q.body),
    }),
  );
  r.delete(
    '/api/vendors/:id/addresses/:childId',
    { schema: { ...addresses, params: vendorChildParams('address'), response: { 200: ok } } },
    async (q) => {
      await banksAddresses.deleteAddress(ctx, requireActor(q), q.params.id, q.params.childId);
      return success;
    },
  );

  // Accounting periods
  const fy = { tags: ['client files: accounting periods'], security: bearer };
  r.get(
    '/api/vendors/:id/accounting-periods',
    { schema: { ...fy, params: vendorIdParamsSchema, response: list(accountingPeriodSchema) } },
    async (q) => ({ data: await periods.listPeriods(ctx, requireActor(q), q.params.id) }),
  );
  r.post(
    '/api/vendors/:id/accounting-periods',
    {
      schema: {
        ...fy,
        params: vendorIdParamsSchema,
        body: periodInputSchema,
        response: created(accountingPeriodSchema),
      },
    },
    async (q, reply) =>
      reply.status(201).send({ data: await periods.createPeriod(ctx, requireActor(q), q.params.id, q.body) }),
  );
  r.put(
    '/api/vendors/:id/accounting-periods/:childId',
    {
      schema: {
        ...fy,
        params: vendorChildParams('accounting_period'),
        body: periodInputSchema,
        response: one(accountingPeriodSchema),
      },
    },
    async (q) => ({
      data: await periods.updatePeriod(ctx, requireActor(q), q.params.id, q.params.childId, q.body),
    }),
  );
  r.delete(
    '/api/vendors/:id/accounting-periods/:childId',
    { schema: { ...fy, params: vendorChildParams('accounting_period'), response: { 200: ok } } },
    async (q) => {
      await periods.deletePeriod(ctx, requireActor(q), q.params.id, q.params.childId);
      return success;
    },
  );

  // Client users
  const cu = { tags: ['client files: users'], security: bearer };
  r.get(
    '/api/vendors/:id/users',
    { schema: { ...cu, params: vendorIdParamsSchema, response: list(vendorUserSchema) } },
    async (q) => ({
      data: await users.listVendorUsers(ctx, requireActor(q), q.params.id),
    }),
  );
  r.post(
    '/api/vendors/:id/users',
    {
      schema: {
        ...cu,
        description: 'Adds a client user; a new account gets an invitation mail with a create-password link.',
        params: vendorIdParamsSchema,
        body: createVendorUserRequestSchema,
        response: created(vendorUserSchema),
      },
    },
    async (q, reply) =>
      reply
        .status(201)
        .send({ data: await users.createVendorUser(ctx, requireActor(q), q.params.id, q.body) }),
  );
  r.get(
    '/api/vendors/:id/users/:childId',
    { schema: { ...cu, params: vendorChildParams('vendor_user'), response: one(vendorUserSchema) } },
    async (q) => ({ data: await users.getVendorUser(ctx, requireActor(q), q.params.id, q.params.childId) }),
  );
  r.patch(
    '/api/vendors/:id/users/:childId',
    {
      schema: {
        ...cu,
        params: vendorChildParams('vendor_user'),
        body: updateVendorUserRequestSchema,
        response: one(vendorUserSchema),
      },
    },
    async (q) => ({
      data: await users.updateVendorUser(ctx, requireActor(q), q.params.id, q.params.childId, q.body),
    }),
  );
  r.delete(
    '/api/vendors/:id/users/:childId',
    { schema: { ...cu, params: vendorChildParams('vendor_user'), response: { 200: ok } } },
    async (q) => {
      await users.removeVendorUser(ctx, requireActor(q), q.params.id, q.params.childId);
      return success;
    },
  );
}
