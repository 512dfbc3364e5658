import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { AccessCache } from '../access/access-cache';
import { AppError } from '../errors/app-error';
import { type Actor, actorFromTokenHash } from './sessions';
import { hashToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    authFailure: 'token-missing' | 'token-expired' | null;
  }
}

const unexpired = (actor: Actor | null) => !actor || actor.expiresAt.getTime() > Date.now();

/**
 * The account's security settings (password, second factor, sessions): they hold for every portal
 * the person belongs to, so a session bound to one portal (its SSO, its sign-in link) neither
 * reads nor changes them, and they answer it 404.
 */
export const ACCOUNT_SECURITY_ROUTES: readonly RegExp[] = [
  /^POST \/api\/change_password$/,
  /^(GET|DELETE) \/api\/users\/me\/sessions(\/.*)?$/,
  /^(GET|POST|DELETE) \/api\/users\/me\/totp(\/.*)?$/,
  /^(GET|PUT|DELETE) \/api\/users\/me\/file-share-passwords?(\/.*)?$/,
];

const isAccountSecurityRoute = (request: FastifyRequest) => {
  const key = `${request.method} ${request.routeOptions.url ?? ''}`;
  return ACCOUNT_SECURITY_ROUTES.some((pattern) => pattern.test(key));
};

/**
 * Resolves `Authorization: Bearer <token>` into `request.actor` once per request, through the
 * access cache (a session revoked or rotated clears it: `access-invalidation.ts`).
 */
export function registerAuth(app: FastifyInstance, db: Db, cache: AccessCache): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('authFailure', null);
  app.addHook('onRequest', async (request) => {
    request.actor = null;
    request.authFailure = 'token-missing';
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1] || match[1].length > 200) {
      request.authFailure = 'token-expired';
      return;
    }
    const hash = hashToken(match[1]);
    const actor = await cache.get('session', hash, () => actorFromTokenHash(db, hash), unexpired);
    if (actor && actor.expiresAt.getTime() > Date.now()) {
      request.actor = actor;
      request.authFailure = null;
    } else {
      request.authFailure = 'token-expired';
    }
  });
  // A route that declares bearer security answers 401 to an anonymous caller before validating
  // its input (a 422 would tell nothing useful and the web app logs out on 401).
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema as { security?: unknown[] } | undefined;
    if (schema?.security?.length) requireActor(request);
    if (request.actor?.boundFirmId != null && isAccountSecurityRoute(request)) {
      throw new AppError('not-found');
    }
  });
}

/** The signed-in actor, or a 401 (which logs the web app out). */
export function requireActor(request: FastifyRequest): Actor {
  if (request.actor) return request.actor;
  throw new AppError(request.authFailure ?? 'token-missing');
}
