import type { Db } from '../db/client';

/**
 * A query built once per database and prepared there (drizzle `.prepare(name)`: node-postgres
 * parses it once per connection, PGlite reuses its SQL), for the reads every request makes.
 * Transactions get their own copy (their handle is another object), built once per transaction.
 */
export function preparedPerDatabase<P>(build: (db: Db) => P): (db: Db) => P {
  const built = new WeakMap<Db, P>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
