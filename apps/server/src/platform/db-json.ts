import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamp as the API writes it (`Date.toISOString()`: UTC, milliseconds, `Z`), formatted by
 * PostgreSQL, for answers built as JSON by the database (`platform/http/prebuilt-json.ts`). NULL
 * stays NULL.
 */
export const isoTimestamp = (column: AnyPgColumn | SQL): SQL<string | null> =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
