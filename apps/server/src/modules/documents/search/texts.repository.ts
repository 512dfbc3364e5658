import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { documentTexts } from '../../../db/schema';
import { rowsOf } from '../sql-rows.sql';
import type { ExtractedText } from './extract-text';

export type TextRow = typeof documentTexts.$inferSelect;

export async function findText(db: Db, sourceKey: string): Promise<TextRow | undefined> {
  const [row] = await db.select().from(documentTexts).where(eq(documentTexts.sourceKey, sourceKey));
  return row;
}

/** Stores a content's text; the index's trigger refreshes the documents whose content it is. */
export async function saveText(db: Db, sourceKey: string, text: ExtractedText): Promise<void> {
  const values = {
    content: text.content,
    language: text.language,
    method: text.method,
    pages: text.pages,
    error: text.error?.slice(0, 1000) ?? null,
    createdAt: new Date(),
  };
  await db
    .insert(documentTexts)
    .values({ sourceKey, ...values })
    .onConflictDoUpdate({ target: documentTexts.sourceKey, set: values });
}

/** The text of a source blob that is going away. */
export async function dropText(tx: Db, sourceKey: string): Promise<void> {
  await tx.delete(documentTexts).where(eq(documentTexts.sourceKey, sourceKey));
}

/**
 * Contents of live documents not read yet (or read while a tool was missing), after `after` in
 * key order, with one of their documents' names (its extension decides how to read it).
 */
export async function contentsWithoutText(
  db: Db,
  after: string,
  limit: number,
): Promise<{ key: string; name: string }[]> {
  const result = await db.execute(sql`
    SELECT DISTINCT ON (v.blob_key) v.blob_key AS key, d.name
      FROM documents d
      JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
      LEFT JOIN document_texts t ON t.source_key = v.blob_key
     WHERE d.deleted_at IS NULL AND v.blob_key > ${after}
       AND (t.source_key IS NULL OR (t.method = 'none' AND t.error LIKE 'missing %'))
     ORDER BY v.blob_key
     LIMIT ${limit}`);
  return rowsOf<{ key: string; name: string }>(result);
}
