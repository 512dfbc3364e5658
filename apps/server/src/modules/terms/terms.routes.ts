import { dataEnvelope, termsQuerySchema, termsSchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors/app-error';
import { requestLocale, typed } from '../../platform/http/route-helpers';
import { activeFirmByDomain, firstActiveFirm } from '../white-label/white-label.repository';
import { publicTerms } from './terms.service';

export function termsRoutes(app: FastifyInstance, ctx: AppContext): void {
  typed(app).get(
    '/api/terms',
    {
      schema: {
        tags: ['terms'],
        description: "The current terms of use of a portal (by id, else the request host's).",
        querystring: termsQuerySchema,
        response: { 200: dataEnvelope(termsSchema) },
      },
    },
    async (request) => {
      const firmId =
        request.query.accounting_firm_id ??
        (
          (await activeFirmByDomain(ctx.db, request.hostname.toLowerCase())) ??
          (await firstActiveFirm(ctx.db))
        )?.id;
      if (firmId === undefined) throw new AppError('not-found');
      return { data: await publicTerms(ctx.db, firmId, request.query.locale ?? requestLocale(request)) };
    },
  );
}
