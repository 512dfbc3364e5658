import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * Tables a refused request may still write to: sessions, rate-limit counters, one-use tokens, the
 * audit log (a refused sign-in is logged; reads are written a second after their answer).
 */
const EXCLUDED = new Set([
  'sessions',
  'rate_limit_hits',
  'password_tokens',
  'audit_events',
  '__drizzle_migrations',
]);

let tables: string[] | undefined;

/** A digest of every business table: equal digests mean nothing changed. */
export async function businessSnapshot(db: Db): Promise<string> {
  if (!tables) {
    const result = await db.execute<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    tables = rowsOf<{ table_name: string }>(result)
      .map((r) => r.table_name)
      .filter((name) => !EXCLUDED.has(name));
  }
  const union = tables
    .map(
      (name) =>
        `SELECT '${name}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${name}" x`,
    )
    .join(' UNION ALL ');
  const result = await db.execute<{ t: string; h: string }>(sql.raw(union));
  return rowsOf<{ t: string; h: string }>(result)
    .map((r) => `${r.t}:${r.h}`)
    .sort()
    .join(',');
}

/** node-postgres answers `{ rows }`, PGlite too; keep one accessor. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
