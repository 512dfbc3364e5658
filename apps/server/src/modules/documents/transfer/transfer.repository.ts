import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accountingPeriods, documents, folders } from '../../../db/schema';
import type { DocumentRow } from '../documents/documents.repository';
import type { VendorRef } from '../folders/folders.repository';

/** The live documents of a folder, locked (moved or copied with it). */
export async function liveDocumentsIn(tx: Db, vendor: VendorRef, folderId: number): Promise<DocumentRow[]> {
  return tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.accountingFirmId, vendor.accountingFirmId),
        eq(documents.vendorId, vendor.id),
        eq(documents.folderId, folderId),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(asc(documents.id))
    .for('update');
}

/** A merged folder's trashed children follow its content into the folder it merged into. */
export async function reparentTrashed(tx: Db, vendor: VendorRef, from: number, to: number): Promise<void> {
  const firm = vendor.accountingFirmId;
  await tx.execute(sql`
    UPDATE documents SET folder_id = ${to} WHERE accounting_firm_id = ${firm} AND vendor_id = ${vendor.id}
       AND folder_id = ${from} AND deleted_at IS NOT NULL`);
  await tx.execute(sql`
    UPDATE folders SET parent_id = ${to} WHERE accounting_firm_id = ${firm} AND vendor_id = ${vendor.id}
       AND parent_id = ${from} AND deleted_at IS NOT NULL`);
}

/** Deletes a folder row left empty by a merge. */
export async function deleteFolderRow(tx: Db, vendor: VendorRef, id: number): Promise<void> {
  await tx
    .delete(folders)
    .where(
      and(
        eq(folders.accountingFirmId, vendor.accountingFirmId),
        eq(folders.vendorId, vendor.id),
        eq(folders.id, id),
      ),
    );
}

/**
 * Whether the accounting period is one of the client file's. Its row stays share-locked until the
 * transaction ends, so a deletion of the period (which locks it first) waits for the document
 * filed in it, then counts it; or, when the deletion came first, this finds no period.
 */
export async function periodOfVendor(tx: Db, vendor: VendorRef, periodId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: accountingPeriods.id })
    .from(accountingPeriods)
    .where(
      and(
        eq(accountingPeriods.accountingFirmId, vendor.accountingFirmId),
        eq(accountingPeriods.vendorId, vendor.id),
        eq(accountingPeriods.id, periodId),
      ),
    )
    .for('key share');
  return row !== undefined;
}
