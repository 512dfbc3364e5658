import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localeFromHeader } from './locale';

/** The app with zod schemas typing params, query, body and replies. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export type TypedApp = ReturnType<typeof typed>;

export const requestLocale = (request: FastifyRequest) =>
  localeFromHeader(request.headers['accept-language']);

export const requestMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** OpenAPI security requirement for routes that need a bearer token. */
export const bearer = [{ bearerAuth: [] }];
