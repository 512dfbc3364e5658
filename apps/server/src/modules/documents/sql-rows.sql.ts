import { type SQL, sql } from 'drizzle-orm';

/** The rows of a raw `db.execute()` (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A PostgreSQL int[] parameter (ids are integers: one parameter whatever their number). */
export const intArray = (ids: number[]): SQL => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`;
