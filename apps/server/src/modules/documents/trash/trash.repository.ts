import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { VendorRef } from '../folders/folders.repository';
import { rowsOf } from '../sql-rows';

/** A PostgreSQL int[] parameter (ids are integers: one parameter whatever their number). */
export const intArray = (ids: number[]): SQL => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`;

const ids = (result: unknown): number[] => rowsOf<Record<string, unknown>>(result).map((r) => Number(r.id));

/**
 * Locks the live folders of a subtree (the folder and every live folder under it), in id order,
 * and answers their ids. Creations, uploads and moves into them wait for the caller's commit;
 * what committed before is seen by the caller's next statements.
 */
export async function lockLiveSubtree(tx: Db, vendor: VendorRef, id: number): Promise<number[]> {
  const firm = vendor.accountingFirmId;
  return ids(
    await tx.execute(sql`
    WITH RECURSIVE sub(id) AS (
      SELECT f.id FROM folders f
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.id = ${id}
         AND f.deleted_at IS NULL
      UNION ALL
      SELECT f.id FROM folders f JOIN sub ON f.parent_id = sub.id
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.deleted_at IS NULL
    )
    SELECT f.id FROM folders f
     WHERE f.accounting_firm_id = ${firm} AND f.id IN (SELECT id FROM sub)
     ORDER BY f.id FOR UPDATE`),
  );
}

/** Whether the folders hold a read-only folder or a live validated document (their own content only). */
export async function holdsProtected(tx: Db, vendor: VendorRef, folderIds: number[]): Promise<boolean> {
  const firm = vendor.accountingFirmId;
  const result = await tx.execute(sql`
    SELECT (EXISTS (SELECT 1 FROM folders f WHERE f.accounting_firm_id = ${firm}
                     AND f.id = ANY(${intArray(folderIds)}) AND f.read_only)
         OR EXISTS (SELECT 1 FROM documents d
                      JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id
                                              AND v.id = d.current_version_id
                     WHERE d.accounting_firm_id = ${firm} AND d.vendor_id = ${vendor.id}
                       AND d.folder_id = ANY(${intArray(folderIds)}) AND d.deleted_at IS NULL
                       AND v.validated_at IS NOT NULL)) AS held`);
  return Boolean(rowsOf<{ held: boolean }>(result)[0]?.held);
}

/** Whether a document's latest version is validated. */
export async function isValidated(tx: Db, vendor: VendorRef, documentId: number): Promise<boolean> {
  const result = await tx.execute(sql`
    SELECT v.validated_at IS NOT NULL AS validated FROM documents d
      JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
     WHERE d.accounting_firm_id = ${vendor.accountingFirmId} AND d.vendor_id = ${vendor.id} AND d.id = ${documentId}`);
  return Boolean(rowsOf<{ validated: boolean }>(result)[0]?.validated);
}

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

/** Moves one live document to the trash on its own. */
export async function trashDocument(tx: Db, vendor: VendorRef, id: number, userId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE documents SET deleted_at = now(), deleted_by = ${userId}, trashed_with = NULL, updated_at = now()
     WHERE accounting_firm_id = ${vendor.accountingFirmId} AND vendor_id = ${vendor.id} AND id = ${id}`);
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
