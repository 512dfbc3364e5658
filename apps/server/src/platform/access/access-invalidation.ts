import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';
import { clearNotified, type ReadCache } from '../cache/read-cache';
import type { AccessCache } from './access-cache';

export const ACCESS_CHANNEL = 'portal_access';
/**
 * Payload: `firm:kind[:scope]`, the firm and kind of data (client file or person) a committed
 * change made stale (`clearNotified`); a bare firm id, every answer of the firm; `*`, every one.
 */
export const READS_CHANNEL = 'portal_reads';

/** The caches the database's notifications keep true. */
export type Caches = { access: AccessCache; reads: ReadCache };

/**
 * Keeps a process's access cache (and cached reads) true to the database. The database's
 * triggers notify `portal_access` when a change that can alter access commits, and `portal_reads`
 * with a firm's id and the kind of data when a row its cached reads show changes; every process
 * listening clears what is stale. `barrier()` returns once this process has received every notification committed
 * before it was called: a write request waits for it before answering, so the caller's very next
 * request, to any process, finds the change (the other processes were signalled at the same
 * commit).
 */
export type AccessInvalidation = {
  barrier(): Promise<void>;
  close(): Promise<void>;
};

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

export async function listenForAccessChanges(
  database: Database,
  caches: Caches,
  log: Log,
): Promise<AccessInvalidation> {
  const cache = bothCaches(caches);
  if (database.pglite) {
    // PGlite delivers a notification before the query that committed it resolves.
    const unlisten = await database.pglite.listen(ACCESS_CHANNEL, () => cache.clear());
    const unlistenReads = await database.pglite.listen(READS_CHANNEL, (payload) => cache.stale(payload));
    return {
      barrier: async () => {},
      close: async () => {
        await unlisten();
        await unlistenReads();
      },
    };
  }
  if (!database.pool) throw new Error('No database to listen to');
  return postgresListener(database.pool.options, cache, log);
}

type Invalidated = { clear(): void; setEnabled(on: boolean): void; stale(payload: string): void };

function bothCaches({ access, reads }: Caches): Invalidated {
  return {
    clear() {
      access.clear();
      reads.clear();
    },
    setEnabled(on) {
      access.setEnabled(on);
      reads.setEnabled(on);
    },
    stale(payload) {
      clearNotified(reads, payload);
    },
  };
}

const BARRIER_TIMEOUT_MS = 2_000;
const RECONNECT_MS = 1_000;

async function postgresListener(
  options: pg.PoolConfig,
  cache: Invalidated,
  log: Log,
): Promise<AccessInvalidation> {
  const waiting = new Map<string, () => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      connect().catch((error: Error) => {
        log.warn({ err: error.message }, 'access notifications: reconnecting failed');
        if (!closed) scheduleReconnect();
      });
    }, RECONNECT_MS);
  };

  const lost = (from: pg.Client, error?: Error) => {
    if (closed || from !== client) return;
    // Without the channel, a cached entry could outlive its revocation: stop caching until back.
    cache.setEnabled(false);
    for (const release of waiting.values()) release();
    waiting.clear();
    client = null;
    from.removeAllListeners();
    from.on('error', () => {});
    from.end().catch(() => {});
    log.warn({ err: error?.message }, 'access notifications lost: caching off until reconnected');
    scheduleReconnect();
  };

  const connect = async () => {
    const next = new pg.Client(options as pg.ClientConfig);
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (message.channel === READS_CHANNEL) {
        cache.stale(payload);
      } else if (payload.startsWith('barrier:')) {
        waiting.get(payload)?.();
        waiting.delete(payload);
      } else {
        cache.clear();
      }
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${ACCESS_CHANNEL}; LISTEN ${READS_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => {});
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    cache.setEnabled(true);
  };

  await connect();

  const sendBarrier = async () => {
    const current = client;
    if (!current) return;
    const payload = `barrier:${randomUUID()}`;
    const received = new Promise<void>((resolve) => {
      waiting.set(payload, resolve);
      setTimeout(() => {
        if (waiting.delete(payload)) {
          cache.clear();
          resolve();
        }
      }, BARRIER_TIMEOUT_MS).unref();
    });
    try {
      await current.query('SELECT pg_notify($1, $2)', [ACCESS_CHANNEL, payload]);
    } catch {
      waiting.delete(payload);
      cache.clear();
      return;
    }
    await received;
  };

  // One barrier on the wire at a time (the channel's connection runs one query at a time); the
  // writes that ask meanwhile share the next one, sent once the current one is back. A write
  // joining a barrier not sent yet is covered: its commit precedes that barrier's notification.
  let queued: Promise<void> | null = null;
  let previous: Promise<void> = Promise.resolve();

  return {
    barrier() {
      if (queued) return queued;
      const next = previous
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => {
          queued = null;
          return sendBarrier();
        });
      queued = next;
      previous = next;
      return next;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      for (const release of waiting.values()) release();
      waiting.clear();
      const current = client;
      client = null;
      current?.removeAllListeners();
      current?.on('error', () => {});
      await current?.end().catch(() => {});
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every access change committed so far has reached this process's cache. */
    settleAccess(): Promise<void>;
  }
  interface FastifyContextConfig {
    /** A GET route that writes (sign-out): it waits for the access cache like a POST. */
    mutates?: boolean;
  }
}

// PROPFIND only reads (the network drive's listings do not wait for the barrier).
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND']);

/** A request that may have written answers only once the changes it made reach the cache. */
export function registerWriteBarrier(app: FastifyInstance, invalidation: AccessInvalidation): void {
  app.decorate('settleAccess', () => invalidation.barrier());
  // A callback hook: a read passes straight through (no promise per request).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (SAFE_METHODS.has(request.method) && !request.routeOptions.config?.mutates) return done(null, payload);
    invalidation.barrier().then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}
