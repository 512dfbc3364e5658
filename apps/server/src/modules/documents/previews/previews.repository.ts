import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { documentPreviews } from '../../../db/schema';

export type PreviewRow = typeof documentPreviews.$inferSelect;

export async function findPreview(db: Db, sourceKey: string): Promise<PreviewRow | undefined> {
  const [row] = await db.select().from(documentPreviews).where(eq(documentPreviews.sourceKey, sourceKey));
  return row;
}

export async function savePreview(db: Db, sourceKey: string, pdf: { key: string; size: number }) {
  const values = { pdfKey: pdf.key, pdfSize: pdf.size, failedAt: null, error: null, createdAt: new Date() };
  await db
    .insert(documentPreviews)
    .values({ sourceKey, ...values })
    .onConflictDoUpdate({ target: documentPreviews.sourceKey, set: values });
}

export async function saveFailure(db: Db, sourceKey: string, error: string) {
  const values = { pdfKey: null, pdfSize: null, failedAt: new Date(), error: error.slice(0, 1000) };
  await db
    .insert(documentPreviews)
    .values({ sourceKey, ...values })
    .onConflictDoUpdate({ target: documentPreviews.sourceKey, set: values });
}

/** Removes the preview of a source blob that is going away; the PDF's key, if it had one. */
export async function dropPreview(tx: Db, sourceKey: string): Promise<string | null> {
  const [row] = await tx
    .delete(documentPreviews)
    .where(eq(documentPreviews.sourceKey, sourceKey))
    .returning({ pdfKey: documentPreviews.pdfKey });
  return row?.pdfKey ?? null;
}
