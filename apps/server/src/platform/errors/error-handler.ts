import { type ErrorBody, translateMessage } from '@portal/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { localeFromHeader } from '../http/locale';
import { AppError, type FieldErrors } from './app-error';

type Issue = { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> };

/** Turns a zod issue into one of the contracts' message keys. */
function issueKey(issue: Issue): string {
  const message = issue.message ?? '';
  if (/^[a-z]+(-[a-z]+)*$/.test(message)) return message;
  const params = issue.params ?? {};
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined/.test(message) ? 'required' : 'invalid-type';
    case 'too_small':
      return params.origin === 'string' ? (params.minimum === 1 ? 'required' : 'too-short') : 'out-of-range';
    case 'too_big':
      return params.origin === 'string' ? 'too-long' : 'out-of-range';
    case 'unrecognized_keys':
      return 'unknown-field';
    default:
      return 'invalid-value';
  }
}

function fieldName(
  context: string | undefined,
  instancePath: string,
  params?: Record<string, unknown>,
): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const keys = params?.keys;
  if (Array.isArray(keys) && keys.length > 0) return [path, String(keys[0])].filter(Boolean).join('.');
  return path || (context ?? 'body');
}

function issueFields(issues: readonly Issue[], context: string | undefined): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const name = fieldName(context, issue.instancePath, issue.params);
    fields[name] = [...(fields[name] ?? []), issueKey(issue)];
  }
  return fields;
}

/**
 * The field errors (message keys) of a zod error raised outside request validation, mapped
 * exactly like a request body's: for data validated by hand, such as an import file's rows.
 */
export function zodFieldErrors(error: { issues: readonly ZodIssueLike[] }, context = 'body'): FieldErrors {
  return issueFields(
    error.issues.map(({ code, path, message, ...params }) => ({
      keyword: code,
      instancePath: `/${path.map(String).join('/')}`,
      message,
      params,
    })),
    context,
  );
}
type ZodIssueLike = { code: string; path: readonly PropertyKey[]; message: string };

function translateFields(fields: FieldErrors, request: FastifyRequest): Record<string, string[]> {
  const locale = localeFromHeader(request.headers['accept-language']);
  return Object.fromEntries(
    Object.entries(fields).map(([field, keys]) => [field, keys.map((k) => translateMessage(k, locale))]),
  );
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Writes every error in the spec's format; never a stack trace to the client. */
export function registerErrorHandler(
  app: FastifyInstance,
  options: { spaFallback?: (request: FastifyRequest) => boolean } = {},
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeFromHeader(request.headers['accept-language']);
    if (error instanceof AppError) {
      const body: ErrorBody = { message: translateMessage(error.code, locale), code: error.code };
      if (error.fields) body.errors = translateFields(error.fields, request);
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(Math.ceil(error.retryAfter)));
      return send(reply, error.status, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = issueFields(error.validation as unknown as Issue[], error.validationContext);
      return send(reply, 422, {
        message: translateMessage('validation-failed', locale),
        code: 'validation-failed',
        errors: translateFields(fields, request),
      });
    }
    const status = error.statusCode ?? 500;
    const code = codeForStatus(status, error.code);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return send(reply, status >= 400 && status < 600 ? status : 500, {
      message: translateMessage(code, locale),
      code,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.spaFallback?.(request))
      return reply.header('Cache-Control', 'no-store').sendFile('index.html');
    const locale = localeFromHeader(request.headers['accept-language']);
    return send(reply, 404, { message: translateMessage('not-found', locale), code: 'not-found' });
  });
}

function codeForStatus(status: number, fastifyCode?: string) {
  if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'payload-too-large' as const;
  if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'unsupported-media-type' as const;
  switch (status) {
    case 400:
      return 'bad-request' as const;
    case 401:
      return 'unauthenticated' as const;
    case 403:
      return 'forbidden' as const;
    case 404:
      return 'not-found' as const;
    case 408:
      return 'request-timeout' as const;
    case 413:
      return 'payload-too-large' as const;
    case 415:
      return 'unsupported-media-type' as const;
    case 422:
      return 'validation-failed' as const;
    case 429:
      return 'too-many-requests' as const;
    case 501:
      return 'not-implemented' as const;
    default:
      return status < 500 ? ('bad-request' as const) : ('server-error' as const);
  }
}
