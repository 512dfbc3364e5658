import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { intArray, rowsOf } from '../sql-rows.sql';
import type { VendorRef } from '../vendor-ref';

/**
 * The distinct effective themes (`folders.effective_theme_ids`) of sets of folders, for the
 * checks that refuse to take along content a person does not see or may not change by theme
 * (`tree.service.ts`, `assertThemeWritableAll`). A few distinct lists whatever the folders' count.
 */

async function distinctTags(db: Db, vendor: VendorRef, where: SQL): Promise<number[][]> {
  const result = await db.execute(sql`
    SELECT DISTINCT array_to_string(f.effective_theme_ids, ',') AS tags FROM folders f
     WHERE f.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id}
       AND cardinality(f.effective_theme_ids) > 0 AND ${where}`);
  return rowsOf<{ tags: string }>(result).map((r) => String(r.tags).split(',').map(Number));
}

/** Of the given folders. */
export const tagsOf = (db: Db, vendor: VendorRef, folderIds: number[]) =>
  distinctTags(db, vendor, sql`f.id = ANY(${intArray(folderIds)})`);

/** Of a trashed folder and of the folders its deletion took along. */
export const tagsOfTrashed = (db: Db, vendor: VendorRef, top: number) =>
  distinctTags(db, vendor, sql`(f.id = ${top} OR f.trashed_with = ${top})`);

/** Of every folder in the trash and every folder holding a trashed document. */
export const tagsOfTrash = (db: Db, vendor: VendorRef) =>
  distinctTags(
    db,
    vendor,
    sql`(f.deleted_at IS NOT NULL OR EXISTS (SELECT 1 FROM documents d
      WHERE d.accounting_firm_id = f.accounting_firm_id AND d.folder_id = f.id AND d.deleted_at IS NOT NULL))`,
  );
