import {
  accountingFirmSummarySchema,
  dataEnvelope,
  firmIdParamsSchema,
  moduleSchema,
  myAccountingFirmsQuerySchema,
  myVendorsQuerySchema,
  vendorIdParamsSchema,
  vendorRolesSchema,
  vendorSummarySchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as tenancy from './tenancy.service';

export function tenancyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['tenancy'];

  r.get(
    '/api/users/me/accounting-firms',
    {
      schema: {
        tags,
        security: bearer,
        querystring: myAccountingFirmsQuerySchema,
        response: { 200: dataEnvelope(z.array(accountingFirmSummarySchema)) },
      },
    },
    async (request) => ({
      data: await tenancy.myAccountingFirms(ctx, requireActor(request), request.query),
    }),
  );

  r.get(
    '/api/users/me/accounting-firms/:id/vendors',
    {
      schema: {
        tags,
        security: bearer,
        params: firmIdParamsSchema,
        querystring: myVendorsQuerySchema,
        response: { 200: dataEnvelope(z.array(vendorSummarySchema)) },
      },
    },
    async (request) => ({
      data: await tenancy.myVendors(ctx, requireActor(request), request.params.id, request.query.search),
    }),
  );

  r.get(
    '/api/vendors/:id/roles',
    {
      schema: {
        tags,
        security: bearer,
        params: vendorIdParamsSchema,
        response: { 200: dataEnvelope(vendorRolesSchema) },
      },
    },
    async (request) => ({
      data: await tenancy.vendorRoles(ctx, requireActor(request), request.params.id),
    }),
  );

  r.get(
    '/api/accounting-firms/:id/modules',
    {
      schema: {
        tags,
        security: bearer,
        params: firmIdParamsSchema,
        response: { 200: dataEnvelope(z.array(moduleSchema)) },
      },
    },
    async (request) => ({
      data: await tenancy.accountantModules(ctx, requireActor(request), request.params.id),
    }),
  );
}
