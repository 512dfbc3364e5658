import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { MultipartLimits as ReaderLimits } from './multipart-reader';

/** Per-request caps of a multipart scope; the file size is set by each read (`maxBytes`). */
export type MultipartLimits = Partial<ReaderLimits>;

/** Room for the flow.js chunk fields (flowChunkNumber...) and a few query parameters. */
const DEFAULTS: ReaderLimits = { fields: 32, fieldSize: 16 * 1024 };

const scopes = new WeakMap<FastifyInstance, ReaderLimits>();

/**
 * Lets the routes of `scope` (an encapsulated plugin context) take multipart/form-data bodies,
 * left unread until the handler reads them with `readFilePart` or `streamFilePart`.
 */
export async function registerMultipart(scope: FastifyInstance, limits: MultipartLimits = {}): Promise<void> {
  scopes.set(scope, { ...DEFAULTS, ...limits });
  scope.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
}

/** The limits of the request's scope; an error when multipart was not registered there. */
export function multipartLimitsOf(request: FastifyRequest): ReaderLimits {
  const limits = scopes.get(request.server);
  if (!limits) throw new Error("multipart is not registered in this route's scope: call registerMultipart()");
  return limits;
}

/**
 * The validator compiler of a multipart route: its body is read as a stream by the handler, so
 * the body schema documents it only; params and query are validated as usual.
 */
// biome-ignore lint/suspicious/noExplicitAny: Fastify types the compiler per route schema.
export const documentedBodyOnly: any = (route: Parameters<typeof validatorCompiler>[0]) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route);
