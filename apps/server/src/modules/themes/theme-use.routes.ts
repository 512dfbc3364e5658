import {
  dataEnvelope,
  firmIdParamsSchema,
  firmThemeUsageSchema,
  vendorDocumentsParamsSchema,
  vendorThemeOverviewSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as service from './theme-use.service';

/** Who carries which theme: the reads of the Themes screens. */
export function themeUseRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['themes'], security: bearer };

  r.get(
    '/api/vendors/:id/themes/overview',
    {
      schema: {
        ...tags,
        description:
          "The themes a client file may use and, per theme, its folders and the people holding it (firm administrators and the client file's administrator; the latter sees no firm-private theme nor firm member, and only the folders their themes show).",
        params: vendorDocumentsParamsSchema,
        response: { 200: dataEnvelope(vendorThemeOverviewSchema) },
      },
    },
    async (q) => ({ data: await service.vendorThemeOverview(ctx, requireActor(q), q.params.id) }),
  );

  r.get(
    '/api/accounting-firms/:id/themes/usage',
    {
      schema: {
        ...tags,
        description:
          'Per theme of the firm: its live folders in every client file (with the themes each would keep without it) and the people holding it by name (firm administrators).',
        params: firmIdParamsSchema,
        response: { 200: dataEnvelope(z.array(firmThemeUsageSchema)) },
      },
    },
    async (q) => ({ data: await service.firmThemeUsage(ctx, requireActor(q), q.params.id) }),
  );
}
