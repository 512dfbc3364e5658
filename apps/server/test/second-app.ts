import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { fromPostgres } from '../src/db/client';
import type { TestApp } from './test-app';

/**
 * A second server process's app on the test app's PostgreSQL database (its own pool, caches and
 * notification listener), to test what one process changes as another sees it.
 */
export async function secondApp(t: TestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = fromPostgres(String(t.database.pool?.options.connectionString), 3, () => {});
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    DATA_DIR: path.join(os.tmpdir(), 'portal-test-data'),
  });
  const app = await buildApp(config, { database, mailer: { send: async () => {} } });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * In a `describe`: a second process's app built before its tests and closed after them;
 * `other()` is that app (PostgreSQL only).
 */
export function useSecondApp(t: () => TestApp): () => FastifyInstance {
  let second: Awaited<ReturnType<typeof secondApp>> | undefined;
  beforeAll(async () => {
    second = await secondApp(t());
  });
  afterAll(() => second?.close());
  return () => {
    if (!second) throw new Error('the second app is built in beforeAll');
    return second.app;
  };
}
