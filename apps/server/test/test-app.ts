import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app';
import type { SiretSource } from '../src/app-context';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import type { BlobStore } from '../src/platform/blobs/blob-store';
import { diskBlobStore } from '../src/platform/blobs/disk-blob-store';
import { createEvents, type Events } from '../src/platform/events/events';
import { createJobQueue, type JobQueue } from '../src/platform/jobs/job-queue';
import type { MailMessage } from '../src/platform/mail/mailer';
import { createOutbox } from '../src/platform/mail/outbox';
import type { RateLimiter } from '../src/platform/rate-limit';
import { DEMO_PASSWORD, ensureModules, seedDemo } from '../src/startup/seed/demo';
import { ensureDefaultTreeStructure } from '../src/startup/seed/tree-structures';
import { freshDatabase } from './database';

/** The blob store the test apps share, and the data folder of those given none of their own. */
export const TEST_DATA_DIR = path.join(os.tmpdir(), 'portal-test-data');

const rnd = () => Math.floor(Math.random() * 250) + 1;

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** Mails sent: the outbox is drained after each `request`, so a route's mails are here then. */
  mails: MailMessage[];
  /** The job queue, not running: `jobs.drain()` runs the due jobs (then `drainMail()`). */
  jobs: JobQueue;
  /** The app's domain events (`t.events.on('task.created', ...)`). */
  events: Events;
  /** Sends what the outbox holds (after a request made with `app.inject` directly). */
  drainMail(): Promise<void>;
  request(
    options: InjectOptions & { token?: string },
    // biome-ignore lint/suspicious/noExplicitAny: bodies are whatever the route answers; tests assert them.
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  signIn(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * The real application on its own fresh database, reached through HTTP (`app.inject`). Mail is
 * captured in `mails`. `demo: true` loads the demo data set; `rateLimiter` replaces the counters
 * (`UNLIMITED` for a walk that must not meet the limits).
 */
export async function createTestApp(
  options: {
    demo?: boolean;
    env?: Record<string, string>;
    rateLimiter?: RateLimiter;
    events?: Events;
    siret?: SiretSource;
    /** Wraps the app's blob store (a test making a read fail, or watching deletions). */
    wrapBlobs?: (store: BlobStore) => BlobStore;
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  await ensureModules(database.db);
  await ensureDefaultTreeStructure(database.db);
  if (options.demo) await seedDemo(database.db);
  // Each app its own data folder (upload chunks are named by database ids, and test files run in
  // parallel on databases of their own); blobs are content-addressed, so all share one store
  // (the tenant world puts its documents' content there). A test that names DATA_DIR gets it whole.
  const ownDir = options.env?.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  // A test naming BLOB_STORE gets the store its configuration says.
  const shared =
    ownDir && !options.env?.BLOB_STORE ? diskBlobStore(path.join(TEST_DATA_DIR, 'blobs')) : undefined;
  const blobs = shared && options.wrapBlobs ? options.wrapBlobs(shared) : shared;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    DATA_DIR: ownDir ?? TEST_DATA_DIR,
    PUBLIC_URL: 'http://portal.test',
    ...options.env,
  });
  const mails: MailMessage[] = [];
  const mailer = { send: async (m: MailMessage) => void mails.push(m) };
  // The test drives the outbox itself (no worker polling): a request's mails are sent right after it.
  const outbox = createOutbox({ db: database.db, mailer });
  // Jobs are queued as in production; the test runs them (`jobs.drain()`), no worker polls.
  const jobs = createJobQueue(database);
  const events = options.events ?? createEvents();
  const app = await buildApp(config, {
    database,
    mailer,
    outbox,
    jobs,
    events,
    rateLimiter: options.rateLimiter,
    blobs,
    siret: options.siret,
  });
  await app.ready();

  const request: TestApp['request'] = async ({ token, headers, ...rest }) => {
    // A test that changed rows directly plays another process: on PostgreSQL its change reaches
    // the app's access cache by notification, a moment later; wait for it like a client would.
    await app.settleAccess();
    const res = await app.inject({
      // A distinct client address per request, so the sign-in limit per IP is only met on purpose.
      remoteAddress: `10.${rnd()}.${rnd()}.${rnd()}`,
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    // What the request's events set off (listeners writing after the commit) is part of it.
    await events.settled();
    await outbox.drain();
    let body: unknown = res.body;
    if ((res.headers['content-type'] ?? '').toString().includes('json')) body = res.json();
    return { status: res.statusCode, body, headers: res.headers };
  };

  return {
    app,
    database,
    mails,
    jobs,
    events,
    drainMail: () => outbox.drain(),
    request,
    async signIn(email, password = DEMO_PASSWORD) {
      const res = await request({ method: 'POST', url: '/api/login', payload: { email, password } });
      if (res.status !== 200)
        throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.access_token as string;
    },
    async close() {
      await app.close();
      await database.close();
      if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

/** Counters that never count: for the walks that repeat the same requests on purpose. */
export const UNLIMITED: RateLimiter = {
  hit: async () => {},
  count: async () => 0,
  reset: async () => {},
  inspect: async () => ({ count: 0, oldest: null, newest: null }),
  resetPrefix: async () => {},
  take: async () => ({ before: { count: 0, oldest: null, newest: null }, id: '' }),
  forget: async () => {},
};
