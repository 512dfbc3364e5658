import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/** What drizzle's handles hold at run time (`db.execute()` goes through the same path). */
type Internals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
};

/**
 * `db.execute(query)` as a named prepared statement: node-postgres parses and plans it once per
 * connection and its shape (the name is the hash of its text, so a shape never meets another's
 * name); PGlite runs it as before. For a statement whose planning costs more than its run (the
 * search's access rule and its two branches) and whose parameters, not its text, change per
 * call: the ids of the reach travel as int[] parameters.
 */
export function executePrepared(db: Db, prefix: string, query: SQL): Promise<unknown> {
  const internals = db as unknown as Internals;
  const built = internals.dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 16)}`;
  return internals.session.prepareQuery(built, undefined, name, false).execute();
}
