import type { PGlite } from '@electric-sql/pglite';
import { Param, type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../../db/client';

/**
 * Background jobs on a real queue: pg-boss 10 (pg-boss 11+ needs Node 22) in the `pgboss` schema
 * of the app's database, PostgreSQL or the embedded PGlite alike. A change enqueues its jobs in
 * its own transaction (`enqueue(tx, ...)`), so a job exists exactly when the change committed;
 * workers in each process fetch them (`FOR UPDATE SKIP LOCKED`), retrying failures.
 */
export type JobHandler = (data: unknown) => Promise<void>;

export type JobQueue = {
  /** Adds a kind of job (a module registers its handlers when the app is built). */
  register(name: string, handler: JobHandler): void;
  /**
   * Creates the registered kinds' queues (once, when the app is built: never inside a
   * transaction, which the embedded database would wait on).
   */
  init(): Promise<void>;
  /** Queues a job in the caller's transaction, to run at `startAfter` (now when absent). */
  enqueue(tx: Db, name: string, data: object, options?: { startAfter?: Date }): Promise<void>;
  /** Runs every registered kind's due jobs in this process until none is left (tests, tools). */
  drain(): Promise<number>;
  /** Starts the workers (polling every `pollSeconds`). */
  start(): Promise<void>;
  stop(): Promise<void>;
};

export const JOB_SETTINGS = { pollSeconds: 5, retryLimit: 5, retryDelaySeconds: 60 };
/** Jobs a worker takes at a time. */
const WORK_BATCH = 5;

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** pg-boss's numbered parameters ($1...) as a drizzle query, so it runs on a transaction handle. */
function toSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) =>
      i % 2 === 0 ? sql.raw(part) : sql`${new Param(values[Number(part) - 1] ?? null)}`,
    ),
  );
}

const rowsOf = (result: unknown): unknown[] =>
  (result as { rows?: unknown[] }).rows ?? (Array.isArray(result) ? result : []);

/** Runs pg-boss's SQL on a drizzle handle (a transaction: the job commits with the change). */
export const drizzleExecutor = (db: Db): Executor => ({
  async executeSql(text, values) {
    return { rows: rowsOf(await db.execute(toSql(text, values))) };
  },
});

/**
 * The embedded database: statements without parameters may be several (pg-boss's schema and
 * its locked commands) and go to `exec`; the others to `query`.
 */
function pgliteExecutor(pglite: PGlite): Executor {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        const withRows = [...results].reverse().find((r) => r.fields.length > 0);
        return { rows: withRows?.rows ?? [] };
      }
      return { rows: (await pglite.query(text, values)).rows };
    },
  };
}

function executorFor(database: Database): Executor {
  if (database.pglite) return pgliteExecutor(database.pglite);
  const pool = database.pool!;
  return { executeSql: async (text, values) => pool.query(text, values as unknown[]) };
}

function boss(database: Database, pollSeconds: number): PgBoss {
  return new PgBoss({
    db: executorFor(database),
    schedule: false,
    supervise: true,
    migrate: true,
    pollingIntervalSeconds: pollSeconds,
  } as PgBoss.ConstructorOptions);
}

/**
 * Creates (or upgrades) the queue's tables once, before any app uses them: at start-up after the
 * migrations, and in the tests' template database.
 */
export async function installJobQueue(database: Database): Promise<void> {
  const instance = new PgBoss({
    db: executorFor(database),
    schedule: false,
    supervise: false,
    migrate: true,
  } as PgBoss.ConstructorOptions);
  await instance.start();
  await instance.stop({ graceful: false, wait: true });
}

export function createJobQueue(database: Database, options: { pollSeconds?: number } = {}): JobQueue {
  const instance = boss(database, options.pollSeconds ?? JOB_SETTINGS.pollSeconds);
  const handlers = new Map<string, JobHandler>();
  const created = new Set<string>();
  let started = false;

  async function ensureQueue(name: string) {
    if (created.has(name)) return;
    if (!(await instance.getQueue(name))) {
      await instance
        .createQueue(name, {
          name,
          retryLimit: JOB_SETTINGS.retryLimit,
          retryDelay: JOB_SETTINGS.retryDelaySeconds,
          retryBackoff: true,
        })
        .catch(async (error: unknown) => {
          // Another process created it at the same moment.
          if (!(await instance.getQueue(name))) throw error;
        });
    }
    created.add(name);
  }

  return {
    register(name, handler) {
      handlers.set(name, handler);
    },
    async init() {
      for (const name of handlers.keys()) await ensureQueue(name);
    },
    async enqueue(tx, name, data, { startAfter } = {}) {
      if (!created.has(name)) throw new Error(`job queue "${name}" not created: register it, then init()`);
      await instance.send(name, data, {
        ...(startAfter ? { startAfter } : {}),
        db: drizzleExecutor(tx),
      } as PgBoss.SendOptions);
    },
    async drain() {
      let ran = 0;
      for (const [name, handler] of handlers) {
        await ensureQueue(name);
        for (;;) {
          const jobs = await instance.fetch<object>(name, { batchSize: 20 });
          if (!jobs || jobs.length === 0) break;
          for (const job of jobs) {
            try {
              await handler(job.data);
              await instance.complete(name, job.id);
            } catch (error) {
              await instance.fail(name, job.id, { message: String(error) });
            }
            ran += 1;
          }
        }
      }
      return ran;
    },
    async start() {
      if (started) return;
      started = true;
      await instance.start();
      for (const [name, handler] of handlers) {
        await ensureQueue(name);
        let workerId = '';
        workerId = await instance.work<object>(name, { batchSize: WORK_BATCH }, async (jobs) => {
          // Each job on its own: one that fails is failed (and retried) alone; a throw here would
          // fail the batch's other jobs with it and hold them back through the retries' backoff.
          // pg-boss then completes only the jobs still active.
          for (const job of jobs) {
            try {
              await handler(job.data);
            } catch (error) {
              await instance.fail(name, job.id, { message: (error as Error).message ?? String(error) });
            }
          }
          // pg-boss waits the polling interval after every batch, full or not: 5 jobs every 5 s
          // let a backlog grow for minutes (a fan-out per document). A full batch: more may wait,
          // so fetch again at once.
          if (jobs.length === WORK_BATCH && workerId) instance.notifyWorker(workerId);
        });
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      await instance.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
