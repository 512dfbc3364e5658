import pg from 'pg';
import { describe, expect, inject, it, vi } from 'vitest';
import { fromPostgres } from '../src/db/client';

describe.runIf(inject('databaseKind') === 'postgres')('PostgreSQL pool', () => {
  it('survives the server dropping an idle connection, and the next query reconnects', async () => {
    const onIdleError = vi.fn();
    const database = fromPostgres(process.env.TEST_DATABASE_URL!, 1, onIdleError);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const first = await database.pool!.query<{ pid: number }>('select pg_backend_pid() as pid');
      await admin.query('select pg_terminate_backend($1)', [first.rows[0]!.pid]);
      await vi.waitFor(() => expect(onIdleError).toHaveBeenCalledTimes(1));
      const second = await database.pool!.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(second.rows[0]!.pid).not.toBe(first.rows[0]!.pid);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
