import {
  acceptTermsRequestSchema,
  dataEnvelope,
  firmIdParamsSchema,
  firmTermsSchema,
  myTermsQuerySchema,
  myTermsSchema,
  publishTermsRequestSchema,
  termsQuerySchema,
  termsSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { AppError } from '../../platform/errors/app-error';
import { bearer, requestLocale, typed } from '../../platform/http/route-helpers';
import { firmForHost } from '../white-label/white-label.service';
import { acceptTerms, firmTerms, myTerms, publicTerms, publishTerms } from './terms.service';

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
      const firmId = request.query.accounting_firm_id ?? (await firmForHost(ctx, request.hostname))?.id;
      if (firmId === undefined) throw new AppError('not-found');
      return { data: await publicTerms(ctx, firmId, request.query.locale ?? requestLocale(request)) };
    },
  );

  typed(app).get(
    '/api/users/me/terms',
    {
      schema: {
        tags: ['terms'],
        security: bearer,
        description: "A firm's current terms and the signed-in user's latest acceptance of them.",
        querystring: myTermsQuerySchema,
        response: { 200: dataEnvelope(myTermsSchema) },
      },
    },
    async (request) => ({
      data: await myTerms(
        ctx,
        requireActor(request),
        request.query.accounting_firm_id,
        request.query.locale ?? requestLocale(request),
      ),
    }),
  );

  typed(app).post(
    '/api/users/me/terms',
    {
      schema: {
        tags: ['terms'],
        security: bearer,
        description: "Accepts the firm's current version of its terms (an older version answers 422).",
        body: acceptTermsRequestSchema,
        response: { 200: dataEnvelope(myTermsSchema) },
      },
    },
    async (request) => ({
      data: await acceptTerms(ctx, requireActor(request), request.body, requestLocale(request)),
    }),
  );

  typed(app).get(
    '/api/accounting-firms/:id/terms',
    {
      schema: {
        tags: ['terms'],
        security: bearer,
        description: "The firm's current terms in each of its languages, and how many people accepted them.",
        params: firmIdParamsSchema,
        response: { 200: dataEnvelope(firmTermsSchema) },
      },
    },
    async (request) => ({ data: await firmTerms(ctx, requireActor(request), request.params.id) }),
  );

  typed(app).post(
    '/api/accounting-firms/:id/terms',
    {
      schema: {
        tags: ['terms'],
        security: bearer,
        description:
          'Publishes a new version of the terms (firm administrators): every user is asked to accept it.',
        params: firmIdParamsSchema,
        body: publishTermsRequestSchema,
        response: { 200: dataEnvelope(firmTermsSchema) },
      },
    },
    async (request) => ({
      data: await publishTerms(ctx, requireActor(request), request.params.id, request.body),
    }),
  );
}
