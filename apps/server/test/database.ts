import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, fromPglite, fromPostgres, PGLITE_EXTENSIONS } from '../src/db/client';
import { withDatabase } from './global-setup';

let counter = 0;

/** A fresh database for one test file, copied from the migrated template. */
export async function freshDatabase(): Promise<Database> {
  if (inject('databaseKind') === 'pglite') {
    const dump = fs.readFileSync(inject('pgliteTemplate'));
    const pglite = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
    return fromPglite(pglite);
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `portal_t_${process.ppid}_${process.pid}_${counter++}_${Date.now() % 100000}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const database = fromPostgres(withDatabase(url, name), 5, () => {});
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
