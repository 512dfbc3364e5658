import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { intArray, rowsOf } from '../sql-rows.sql';
import type { VendorRef } from '../vendor-ref';

const ids = (result: unknown): number[] => rowsOf<Record<string, unknown>>(result).map((r) => Number(r.id));

/**
 * Moves a locked live subtree to the trash: `top` on its own, the folders under it and the live
 * documents of all of them taken along (`trashed_with` = top). Answers the documents' ids.
 */
export async function trashSubtree(
  tx: Db,
  vendor: VendorRef,
  top: number,
  folderIds: number[],
  userId: number,
): Promise<number[]> {
  const firm = vendor.accountingFirmId;
  await tx.execute(sql`
    UPDATE folders SET deleted_at = now(), deleted_by = ${userId}, updated_at = now(),
           trashed_with = CASE WHEN id = ${top} THEN NULL ELSE ${top}::int END
     WHERE accounting_firm_id = ${firm} AND vendor_id = ${vendor.id} AND id = ANY(${intArray(folderIds)})`);
  return ids(
    await tx.execute(sql`
    UPDATE documents SET deleted_at = now(), deleted_by = ${userId}, trashed_with = ${top}, updated_at = now()
     WHERE accounting_firm_id = ${firm} AND vendor_id = ${vendor.id}
       AND folder_id = ANY(${intArray(folderIds)}) AND deleted_at IS NULL
    RETURNING id`),
  );
}

/** Brings a trashed folder back (with what its deletion took along) under `parentId`, named `name`. */
export async function untrashFolder(
  tx: Db,
  vendor: VendorRef,
  id: number,
  parentId: number,
  name: string,
): Promise<number[]> {
  const firm = vendor.accountingFirmId;
  await tx.execute(sql`
    UPDATE folders SET deleted_at = NULL, deleted_by = NULL, trashed_with = NULL, updated_at = now(),
           parent_id = CASE WHEN id = ${id} THEN ${parentId}::int ELSE parent_id END,
           name = CASE WHEN id = ${id} THEN ${name} ELSE name END
     WHERE accounting_firm_id = ${firm} AND vendor_id = ${vendor.id} AND (id = ${id} OR trashed_with = ${id})`);
  return ids(
    await tx.execute(sql`
    UPDATE documents SET deleted_at = NULL, deleted_by = NULL, trashed_with = NULL, updated_at = now()
     WHERE accounting_firm_id = ${firm} AND vendor_id = ${vendor.id} AND trashed_with = ${id}
    RETURNING id`),
  );
}

/** Brings a trashed document back into `folderId`, named `name`. */
export async function untrashDocument(
  tx: Db,
  vendor: VendorRef,
  id: number,
  folderId: number,
  name: string,
): Promise<void> {
  await tx.execute(sql`
    UPDATE documents SET deleted_at = NULL, deleted_by = NULL, trashed_with = NULL, updated_at = now(),
           folder_id = ${folderId}, name = ${name}
     WHERE accounting_firm_id = ${vendor.accountingFirmId} AND vendor_id = ${vendor.id} AND id = ${id}`);
}

/**
 * Deletes the trash for good: the blobs of its versions queued for the cleanup (which keeps those
 * another version still names), then its documents and folders (their versions, reads and
 * uploads cascade). Answers the documents' ids.
 */
export async function emptyTrash(tx: Db, vendor: VendorRef): Promise<number[]> {
  const firm = vendor.accountingFirmId;
  await tx.execute(sql`
    INSERT INTO blob_deletions (blob_key)
    SELECT DISTINCT v.blob_key FROM document_versions v
      JOIN documents d ON d.accounting_firm_id = v.accounting_firm_id AND d.id = v.document_id
     WHERE d.accounting_firm_id = ${firm} AND d.vendor_id = ${vendor.id} AND d.deleted_at IS NOT NULL
    ON CONFLICT (blob_key) DO NOTHING`);
  const docs = ids(
    await tx.execute(sql`
    DELETE FROM documents WHERE accounting_firm_id = ${firm} AND vendor_id = ${vendor.id}
       AND deleted_at IS NOT NULL RETURNING id`),
  );
  await tx.execute(sql`
    DELETE FROM folders WHERE accounting_firm_id = ${firm} AND vendor_id = ${vendor.id}
       AND deleted_at IS NOT NULL`);
  return docs;
}

/**
 * The document of `name` in `folderId` that `userId` sent to the trash on its own within the last
 * `seconds` (the latest one): an office save's write-temp, rename, delete.
 */
export async function recentlyTrashedDocument(
  db: Db,
  vendor: VendorRef,
  folderId: number,
  name: string,
  userId: number,
  seconds: number,
): Promise<number | null> {
  const result = await db.execute(sql`
    SELECT id FROM documents
     WHERE accounting_firm_id = ${vendor.accountingFirmId} AND vendor_id = ${vendor.id}
       AND folder_id = ${folderId} AND lower(name) = lower(${name}) AND trashed_with IS NULL
       AND deleted_by = ${userId} AND deleted_at > now() - make_interval(secs => ${seconds})
     ORDER BY deleted_at DESC LIMIT 1`);
  return ids(result)[0] ?? null;
}
