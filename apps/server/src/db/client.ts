import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: same query API as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The extensions the migrations create (`unaccent`: the search's accent-free matching). */
export const PGLITE_EXTENSIONS = { unaccent };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
};

/** Where the committed SQL migrations are: beside this file in source, copied beside the bundle. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`SQL migrations not found near ${here}`);
}

export function fromPglite(pglite: PGlite, release: () => Promise<void> = async () => {}): Database {
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    async close() {
      await pglite.close();
      await release();
    },
  };
}

export function fromPostgres(
  url: string,
  max = 10,
  onIdleError: (error: Error) => void = (error) =>
    console.warn(`PostgreSQL connection lost: ${error.message}`),
): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, terminated backend) is removed from the
  // pool and the next query opens a new one; without a listener the error would end the process.
  pool.on('error', onIdleError);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/**
 * Opens PGlite in `dataDir/pglite`, holding a lock file: two processes on one data folder would
 * silently lose writes.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = pgliteDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = pgliteLock(dataDir);
  takeLock(lockPath);
  const pglite = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  oneQueryPerEventLoopTurn(pglite);
  return fromPglite(pglite, async () => fs.rmSync(lockPath, { force: true }));
}

/**
 * PGlite runs each query synchronously on the main thread. Left to chain through promises, or
 * even queued with setImmediate, hundreds of in-flight requests run hundreds of queries per turn
 * of the event loop, and Node accepts one new connection per turn: at 200 connections clients
 * waited more than 10 s to be accepted. Queries are released one per turn here, so the loop polls
 * the network between any two queries.
 */
function oneQueryPerEventLoopTurn(pglite: PGlite): void {
  const query = pglite.query.bind(pglite);
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const releaseNext = () => {
    waiting.shift()?.();
    scheduled = waiting.length > 0;
    if (scheduled) setImmediate(releaseNext);
  };
  pglite.query = (async (...args: Parameters<PGlite['query']>) => {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(releaseNext);
      }
    });
    return query(...args);
  }) as PGlite['query'];
}

export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');
export const pgliteLock = (dataDir: string) => path.join(dataDir, 'pglite.lock');

/** Takes the data folder's lock file, or throws when a live process holds it. */
export function takeLock(lockPath: string): void {
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const holder = Number(fs.readFileSync(lockPath, 'utf8'));
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(`The data folder is in use by process ${holder} (${lockPath}).`);
  }
  fs.writeFileSync(lockPath, String(process.pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const MIGRATION_LOCK_KEY = 7_270_736_901;

/** Committed migrations not yet applied to an existing embedded database (0 for a new one). */
export async function pendingMigrations(pglite: PGlite): Promise<number> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'));
  const { rows } = await pglite.query<{ table: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as "table"`,
  );
  if (!rows[0]?.table) return 0;
  const applied = await pglite.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return Math.max(0, journal.entries.length - (applied.rows[0]?.n ?? 0));
}

export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: migrationsFolderPath });
    return;
  }
  // Several processes may start together: one migrates at a time, under an advisory lock.
  const client = await database.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolderPath });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
