import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../errors/app-error';
import { type Actor, actorFromAccessToken } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    authFailure: 'token-missing' | 'token-expired' | null;
  }
}

/** Resolves `Authorization: Bearer <token>` into `request.actor` once per request. */
export function registerAuth(app: FastifyInstance, db: Db): void {
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
    const result = await actorFromAccessToken(db, match[1]);
    if ('actor' in result) {
      request.actor = result.actor;
      request.authFailure = null;
    } else {
      request.authFailure = result.error;
    }
  });
  // A route that declares bearer security answers 401 to an anonymous caller before validating
  // its input (a 422 would tell nothing useful and the web app logs out on 401).
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema as { security?: unknown[] } | undefined;
    if (schema?.security?.length) requireActor(request);
  });
}

/** The signed-in actor, or a 401 (which logs the web app out). */
export function requireActor(request: FastifyRequest): Actor {
  if (request.actor) return request.actor;
  throw new AppError(request.authFailure ?? 'token-missing');
}
