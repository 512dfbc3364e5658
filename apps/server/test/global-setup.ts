import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres, PGLITE_EXTENSIONS, runMigrations } from '../src/db/client';
import { installJobQueue } from '../src/platform/jobs/job-queue';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseKind: 'pglite' | 'postgres';
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates ONE template database per run; every test file then gets its own copy: a PGlite data
 * dump loaded in memory, or `CREATE DATABASE ... TEMPLATE` on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  project.provide('databaseKind', kind);
  if (kind === 'pglite') {
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const database = fromPglite(pglite);
    await runMigrations(database);
    await installJobQueue(database);
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tpl-')), 'template.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    project.provide('postgresTemplate', '');
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = `portal_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const database = fromPostgres(withDatabase(url, template), 2);
  await runMigrations(database);
  await installJobQueue(database);
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2',
      [`portal_t_${process.pid}_%`, template],
    );
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
