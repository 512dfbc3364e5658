import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** What the audit log keeps of the request an act came from. */
export type RequestMeta = {
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  /** The host name asked (the portal a sign-in is made on). */
  host?: string | null;
};

export type RequestContext = {
  /** The request being served (null outside one: jobs, startup). */
  current(): RequestMeta | null;
  /** Runs `fn` as if serving `meta` (tests, jobs acting for a request). */
  run<T>(meta: RequestMeta, fn: () => T): T;
};

/**
 * The request's address, user agent and id, reachable from a service without passing the request
 * down (one AsyncLocalStorage per app, entered by an `onRequest` hook).
 */
export function createRequestContext(app: FastifyInstance): RequestContext {
  const storage = new AsyncLocalStorage<RequestMeta>();
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    storage.run(
      {
        ip: request.ip ?? null,
        userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null,
        requestId: String(request.id),
        host: request.hostname ?? null,
      },
      done,
    );
  });
  return { current: () => storage.getStore() ?? null, run: (meta, fn) => storage.run(meta, fn) };
}
