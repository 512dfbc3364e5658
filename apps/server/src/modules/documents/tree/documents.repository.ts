import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { blobUnreferenced } from '../../../db/blob-references';
import type { Db } from '../../../db/client';
import {
  accountingPeriods,
  blobDeletions,
  documentReads,
  documents,
  documentVersions,
  users,
} from '../../../db/schema';
import { rowsOf } from '../sql-rows.sql';
import type { VendorRef } from '../vendor-ref';

export type DocumentRow = typeof documents.$inferSelect;
export type VersionRow = typeof documentVersions.$inferSelect;
export type NewVersion = Omit<typeof documentVersions.$inferInsert, 'id' | 'accountingFirmId' | 'documentId'>;

const ofVendor = (v: VendorRef) =>
  and(eq(documents.accountingFirmId, v.accountingFirmId), eq(documents.vendorId, v.id));

export async function findDocument(db: Db, vendor: VendorRef, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(ofVendor(vendor), eq(documents.id, id)));
  return row;
}

export async function lockDocument(tx: Db, vendor: VendorRef, id: number): Promise<DocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(documents)
    .where(and(ofVendor(vendor), eq(documents.id, id)))
    .for('update');
  return row;
}

/** The live document of that name (any case) in a folder. */
export async function findByName(
  db: Db,
  vendor: VendorRef,
  folderId: number,
  name: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        ofVendor(vendor),
        eq(documents.folderId, folderId),
        isNull(documents.deletedAt),
        sql`lower(${documents.name}) = lower(${name})`,
      ),
    );
  return row;
}

/** Live names in a folder starting like `stem` (to find a free "name (n).ext"). */
export async function namesLike(
  db: Db,
  vendor: VendorRef,
  folderId: number,
  stem: string,
): Promise<string[]> {
  const rows = await db
    .select({ name: documents.name })
    .from(documents)
    .where(
      and(
        ofVendor(vendor),
        eq(documents.folderId, folderId),
        isNull(documents.deletedAt),
        sql`starts_with(lower(${documents.name}), lower(${stem}))`,
      ),
    );
  return rows.map((r) => r.name.toLowerCase());
}

export async function insertDocument(
  tx: Db,
  vendor: VendorRef,
  values: { folderId: number; name: string; createdBy: number | null },
): Promise<DocumentRow> {
  const [row] = await tx
    .insert(documents)
    .values({ accountingFirmId: vendor.accountingFirmId, vendorId: vendor.id, ...values })
    .returning();
  return row!;
}

/** Adds a version after the current one and makes it current. */
export async function addVersion(
  tx: Db,
  vendor: VendorRef,
  document: DocumentRow,
  values: NewVersion,
): Promise<VersionRow> {
  const [version] = await tx
    .insert(documentVersions)
    .values({
      ...values,
      accountingFirmId: vendor.accountingFirmId,
      documentId: document.id,
      ancestorId: document.currentVersionId,
    })
    .returning();
  await tx
    .update(documents)
    .set({ currentVersionId: version!.id, updatedAt: new Date() })
    .where(and(ofVendor(vendor), eq(documents.id, document.id)));
  return version!;
}

/** Replaces a version's content in place (a drive's empty placeholder, see `filing.replaceEmpty`). */
export async function replaceVersionContent(
  tx: Db,
  vendor: VendorRef,
  versionId: number,
  values: Pick<NewVersion, 'blobKey' | 'size' | 'md5' | 'mimeType'>,
): Promise<VersionRow> {
  const [version] = await tx
    .update(documentVersions)
    .set(values)
    .where(
      and(eq(documentVersions.accountingFirmId, vendor.accountingFirmId), eq(documentVersions.id, versionId)),
    )
    .returning();
  return version!;
}

export async function updateDocument(
  tx: Db,
  vendor: VendorRef,
  id: number,
  values: Partial<Pick<DocumentRow, 'name' | 'folderId' | 'accountingPeriodId' | 'startDate'>>,
): Promise<DocumentRow | undefined> {
  const [row] = await tx
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofVendor(vendor), eq(documents.id, id)))
    .returning();
  return row;
}

export type VersionWithPeople = VersionRow & {
  authorName: string | null;
  validatorName: string | null;
};

const author = sql<
  string | null
>`(SELECT trim(u.firstname || ' ' || u.lastname) FROM users u WHERE u.id = ${documentVersions.authorId})`;
const validator = sql<
  string | null
>`(SELECT trim(u.firstname || ' ' || u.lastname) FROM users u WHERE u.id = ${documentVersions.validatedBy})`;

/** The versions of a document, newest first. */
export async function listVersions(
  db: Db,
  vendor: VendorRef,
  documentId: number,
): Promise<VersionWithPeople[]> {
  void users;
  return db
    .select({ ...versionColumns, authorName: author, validatorName: validator })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.accountingFirmId, vendor.accountingFirmId),
        eq(documentVersions.documentId, documentId),
      ),
    )
    .orderBy(desc(documentVersions.id));
}

const versionColumns = {
  id: documentVersions.id,
  accountingFirmId: documentVersions.accountingFirmId,
  documentId: documentVersions.documentId,
  ancestorId: documentVersions.ancestorId,
  blobKey: documentVersions.blobKey,
  size: documentVersions.size,
  mimeType: documentVersions.mimeType,
  originalName: documentVersions.originalName,
  storedName: documentVersions.storedName,
  md5: documentVersions.md5,
  authorId: documentVersions.authorId,
  validatedAt: documentVersions.validatedAt,
  validatedBy: documentVersions.validatedBy,
  createdAt: documentVersions.createdAt,
};

export async function findVersion(
  db: Db,
  vendor: VendorRef,
  documentId: number,
  versionId: number,
): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.accountingFirmId, vendor.accountingFirmId),
        eq(documentVersions.documentId, documentId),
        eq(documentVersions.id, versionId),
      ),
    );
  return row;
}

export async function setValidation(
  tx: Db,
  vendor: VendorRef,
  versionId: number,
  by: number | null,
): Promise<void> {
  await tx
    .update(documentVersions)
    .set({ validatedAt: by === null ? null : new Date(), validatedBy: by })
    .where(
      and(eq(documentVersions.accountingFirmId, vendor.accountingFirmId), eq(documentVersions.id, versionId)),
    );
}

/** When the user last opened the document (undefined: never). */
export async function readAt(
  db: Db,
  vendor: VendorRef,
  documentId: number,
  userId: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ readAt: documentReads.readAt })
    .from(documentReads)
    .where(
      and(
        eq(documentReads.accountingFirmId, vendor.accountingFirmId),
        eq(documentReads.documentId, documentId),
        eq(documentReads.userId, userId),
      ),
    );
  return row?.readAt;
}

/** A blob is referenced again: the cleanup must keep it (waits for a cleanup holding it). */
export async function unqueueBlob(tx: Db, key: string): Promise<void> {
  await tx.delete(blobDeletions).where(eq(blobDeletions.blobKey, key));
}

export async function queueBlob(db: Db, key: string): Promise<void> {
  await db.insert(blobDeletions).values({ blobKey: key }).onConflictDoNothing();
}

/** Queued blobs, oldest first. */
export async function queuedBlobs(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: blobDeletions.blobKey })
    .from(blobDeletions)
    .orderBy(asc(blobDeletions.queuedAt))
    .limit(limit);
  return rows.map((r) => r.key);
}

/**
 * Takes a queued blob off the queue when no registered column (db/blob-references.ts) names it (the row stays locked until the
 * transaction ends, so an upload referring to it again waits): true when the blob may go.
 */
export async function claimUnreferencedBlob(tx: Db, key: string): Promise<boolean> {
  const rows = await tx
    .delete(blobDeletions)
    .where(and(eq(blobDeletions.blobKey, key), blobUnreferenced(key)))
    .returning({ key: blobDeletions.blobKey });
  if (rows.length > 0) return true;
  // Still referenced: drop it from the queue.
  await tx.delete(blobDeletions).where(eq(blobDeletions.blobKey, key));
  return false;
}

/** Whether a document's latest version is validated. */
export async function isValidated(tx: Db, vendor: VendorRef, documentId: number): Promise<boolean> {
  const result = await tx.execute(sql`
    SELECT v.validated_at IS NOT NULL AS validated FROM documents d
      JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
     WHERE d.accounting_firm_id = ${vendor.accountingFirmId} AND d.vendor_id = ${vendor.id} AND d.id = ${documentId}`);
  return Boolean(rowsOf<{ validated: boolean }>(result)[0]?.validated);
}

/** Moves one live document to the trash on its own. */
export async function trashDocument(tx: Db, vendor: VendorRef, id: number, userId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE documents SET deleted_at = now(), deleted_by = ${userId}, trashed_with = NULL, updated_at = now()
     WHERE accounting_firm_id = ${vendor.accountingFirmId} AND vendor_id = ${vendor.id} AND id = ${id}`);
}

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

/** The names and folders of documents (deleted ones too): what a notification names. */
export async function namesOf(
  db: Db,
  vendor: VendorRef,
  ids: number[],
): Promise<{ id: number; name: string; folderId: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: documents.id, name: documents.name, folderId: documents.folderId })
    .from(documents)
    .where(and(ofVendor(vendor), inArray(documents.id, ids)));
}
