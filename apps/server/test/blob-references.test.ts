import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOB_REFERENCES, blobUnreferenced, NOT_BLOB_REFERENCES } from '../src/db/blob-references';
import type { Database } from '../src/db/client';
import { freshDatabase } from './database';

/**
 * The blob cleanup keeps a blob while a registered column names it (src/db/blob-references.ts).
 * A new table storing a blob's key must register its column, or say why it keeps none alive.
 */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function blobLikeColumns(): Promise<string[]> {
  const result = await database.db.execute(sql`
    SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND data_type IN ('text', 'character varying')
       AND (column_name LIKE '%blob%' OR column_name LIKE '%\\_key' ESCAPE '\\')
     ORDER BY table_name, column_name`);
  return rows<{ table_name: string; column_name: string }>(result).map(
    (r) => `${r.table_name}.${r.column_name}`,
  );
}

describe('blob references', () => {
  it('registers every column that looks like a blob reference, or says why it keeps none', async () => {
    const known = new Set([...BLOB_REFERENCES, ...NOT_BLOB_REFERENCES].map((r) => `${r.table}.${r.column}`));
    const unregistered = (await blobLikeColumns()).filter((c) => !known.has(c));
    expect(
      unregistered.map((c) => `${c}: add it to BLOB_REFERENCES (or NOT_BLOB_REFERENCES, with the reason)`),
    ).toEqual([]);
  });

  it('names only columns that exist', async () => {
    const columns = new Set(await blobLikeColumns());
    const stale = [...BLOB_REFERENCES, ...NOT_BLOB_REFERENCES]
      .map((r) => `${r.table}.${r.column}`)
      .filter((c) => !columns.has(c));
    expect(stale).toEqual([]);
  });

  it('keeps a blob while any registered column names it', async () => {
    const free = async (key: string) =>
      rows<{ free: boolean }>(await database.db.execute(sql`SELECT ${blobUnreferenced(key)} AS free`))[0]!
        .free;
    expect(await free('no-such-blob')).toBe(true);
    await database.db.execute(
      sql`INSERT INTO document_previews (source_key, pdf_key) VALUES ('src', 'kept-pdf')`,
    );
    expect(await free('kept-pdf')).toBe(false);
    // The source of a preview is not kept alive by it.
    expect(await free('src')).toBe(true);
  });
});
