import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { documents, folders, type TreeFolder, treeStructures, vendors } from '../../../db/schema';
import { preparedPerDatabase } from '../../../platform/db-prepared';
import { intArray, rowsOf } from '../sql-rows.sql';
import { visibleFolderSql } from '../theme-access.sql';
import { unreadBy } from '../unread.sql';
import type { VendorRef } from '../vendor-ref';

export type FolderRow = typeof folders.$inferSelect;
export type { TreeFolder, VendorRef };

const ofVendor = (v: VendorRef) =>
  and(eq(folders.accountingFirmId, v.accountingFirmId), eq(folders.vendorId, v.id));

export async function findRoot(db: Db, vendor: VendorRef): Promise<FolderRow | undefined> {
  const [row] = await db
    .select()
    .from(folders)
    .where(and(ofVendor(vendor), isNull(folders.parentId)));
  return row;
}

/** Every document route reads its folder: prepared once per database. */
const folderQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(folders)
    .where(
      and(
        eq(folders.accountingFirmId, sql.placeholder('firmId')),
        eq(folders.vendorId, sql.placeholder('vendorId')),
        eq(folders.id, sql.placeholder('id')),
      ),
    )
    .prepare('folder_by_id'),
);

export async function findFolder(db: Db, vendor: VendorRef, id: number): Promise<FolderRow | undefined> {
  const [row] = await folderQuery(db).execute({ firmId: vendor.accountingFirmId, vendorId: vendor.id, id });
  return row;
}

/** Locks a folder's row (serialises the changes of its content: names, versions). */
export async function lockFolder(tx: Db, vendor: VendorRef, id: number): Promise<FolderRow | undefined> {
  const [row] = await tx
    .select()
    .from(folders)
    .where(and(ofVendor(vendor), eq(folders.id, id)))
    .for('update');
  return row;
}

/**
 * Locks the client file's root: every change of the tree's shape (deleting a folder, moving,
 * restoring, emptying the trash) takes it first, so they run one after the other per client file.
 */
export async function lockRoot(tx: Db, vendor: VendorRef): Promise<FolderRow | undefined> {
  const [row] = await tx
    .select()
    .from(folders)
    .where(and(ofVendor(vendor), isNull(folders.parentId)))
    .for('update');
  return row;
}

/** Live folder names in `parentId` starting like `stem` (to find a free "name (n)"). */
export async function folderNamesLike(db: Db, vendor: VendorRef, parentId: number, stem: string) {
  const rows = await db
    .select({ name: folders.name })
    .from(folders)
    .where(
      and(
        ofVendor(vendor),
        eq(folders.parentId, parentId),
        isNull(folders.deletedAt),
        sql`starts_with(lower(${folders.name}), lower(${stem}))`,
      ),
    );
  return rows.map((r) => r.name.toLowerCase());
}

/** The tree structure the client file was created with (null when none). */
export async function vendorTreeStructureId(db: Db, vendor: VendorRef): Promise<number | null> {
  const [row] = await db
    .select({ id: vendors.treeStructureId })
    .from(vendors)
    .where(and(eq(vendors.accountingFirmId, vendor.accountingFirmId), eq(vendors.id, vendor.id)));
  return row?.id ?? null;
}

export async function treeStructureOf(db: Db, id: number | null): Promise<TreeFolder[]> {
  if (id === null) return [];
  const [row] = await db
    .select({ folders: treeStructures.folders })
    .from(treeStructures)
    .where(eq(treeStructures.id, id));
  return row?.folders ?? [];
}

/** The root, created once (a concurrent creation finds the other's). */
export async function insertRoot(tx: Db, vendor: VendorRef): Promise<{ row: FolderRow; created: boolean }> {
  const [row] = await tx
    .insert(folders)
    .values({ accountingFirmId: vendor.accountingFirmId, vendorId: vendor.id, name: 'root', readOnly: false })
    .onConflictDoNothing()
    .returning();
  if (row) return { row, created: true };
  return { row: (await findRoot(tx, vendor))!, created: false };
}

export type NewFolder = {
  parentId: number;
  name: string;
  catalogTreeFolderId?: number | null;
  createdBy?: number | null;
};

export async function insertFolder(tx: Db, vendor: VendorRef, values: NewFolder): Promise<FolderRow> {
  const [row] = await tx
    .insert(folders)
    .values({ accountingFirmId: vendor.accountingFirmId, vendorId: vendor.id, ...values })
    .returning();
  return row!;
}

/** A live folder of that name (case-insensitive) in `parentId`. */
export async function findChildByName(
  db: Db,
  vendor: VendorRef,
  parentId: number,
  name: string,
): Promise<FolderRow | undefined> {
  const [row] = await db
    .select()
    .from(folders)
    .where(
      and(
        ofVendor(vendor),
        eq(folders.parentId, parentId),
        isNull(folders.deletedAt),
        sql`lower(${folders.name}) = lower(${name})`,
      ),
    );
  return row;
}

/** Live children of a folder, in the spec's order. */
export async function listChildren(db: Db, vendor: VendorRef, parentId: number): Promise<FolderRow[]> {
  return db
    .select()
    .from(folders)
    .where(
      and(
        ofVendor(vendor),
        eq(folders.parentId, parentId),
        isNull(folders.deletedAt),
        visibleFolderSql(vendor.themes, 'folders'),
      ),
    )
    .orderBy(sql`${folders.catalogTreeFolderId} ASC NULLS LAST`, asc(folders.id));
}

/** Which of the folders have live sub-folders. */
export async function withSubFolders(db: Db, vendor: VendorRef, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: folders.parentId })
    .from(folders)
    .where(
      and(
        ofVendor(vendor),
        inArray(folders.parentId, ids),
        isNull(folders.deletedAt),
        visibleFolderSql(vendor.themes, 'folders'),
      ),
    );
  return new Set(rows.map((r) => r.id!));
}

/**
 * Unread documents under each folder (its live subtree) for a user: never opened, or opened
 * before their latest version.
 */
export async function unreadCounters(
  db: Db,
  vendor: VendorRef,
  userId: number,
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const result = await db.execute(sql`
    WITH RECURSIVE sub(top, id) AS (
      SELECT f.id, f.id FROM folders f
       WHERE f.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id}
         AND f.id IN (${list}) AND f.deleted_at IS NULL
      UNION ALL
      SELECT sub.top, f.id FROM folders f JOIN sub ON f.parent_id = sub.id
       WHERE f.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id}
         AND f.deleted_at IS NULL AND ${visibleFolderSql(vendor.themes, 'f')}
    )
    SELECT sub.top AS top, count(d.id)::int AS n
      FROM sub
      JOIN documents d ON d.accounting_firm_id = ${vendor.accountingFirmId} AND d.folder_id = sub.id
                      AND d.deleted_at IS NULL
      JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
     WHERE ${unreadBy(userId)}
     GROUP BY sub.top`);
  return new Map(rowsOf<Record<string, unknown>>(result).map((r) => [Number(r.top), Number(r.n)]));
}

export async function updateFolder(
  tx: Db,
  vendor: VendorRef,
  id: number,
  values: Partial<Pick<FolderRow, 'name' | 'readOnly' | 'parentId'>>,
): Promise<FolderRow | undefined> {
  const [row] = await tx
    .update(folders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofVendor(vendor), eq(folders.id, id)))
    .returning();
  return row;
}

/** Ids of the folder and of every folder under it (live or not). */
export async function subtreeIds(db: Db, vendor: VendorRef, id: number): Promise<number[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE sub(id) AS (
      SELECT ${id}::int
      UNION ALL
      SELECT f.id FROM folders f JOIN sub ON f.parent_id = sub.id
       WHERE f.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id}
    )
    SELECT id FROM sub`);
  return rowsOf<Record<string, unknown>>(result).map((r) => Number(r.id));
}

/** The folder's ancestors, nearest first, up to the root. */
export async function ancestors(db: Db, vendor: VendorRef, id: number): Promise<FolderRow[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT f.id, f.parent_id, 0 FROM folders f
       WHERE f.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id} AND f.id = ${id}
      UNION ALL
      SELECT f.id, f.parent_id, up.depth + 1 FROM folders f JOIN up ON f.id = up.parent_id
       WHERE f.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id}
    )
    SELECT id FROM up WHERE depth > 0 ORDER BY depth`);
  const ids = rowsOf<Record<string, unknown>>(result).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(folders)
    .where(and(ofVendor(vendor), inArray(folders.id, ids)));
  return ids.map((i) => rows.find((r) => r.id === i)!);
}

/** Client files without a root folder (made before the document manager), with their tree structure. */
export async function vendorsWithoutRoot(
  db: Db,
): Promise<{ id: number; accountingFirmId: number; treeStructureId: number | null }[]> {
  return db
    .select({
      id: vendors.id,
      accountingFirmId: vendors.accountingFirmId,
      treeStructureId: vendors.treeStructureId,
    })
    .from(vendors)
    .where(
      sql`NOT EXISTS (SELECT 1 FROM folders f WHERE f.accounting_firm_id = ${vendors.accountingFirmId}
                        AND f.vendor_id = ${vendors.id} AND f.parent_id IS NULL)`,
    );
}

/** Documents filed in an accounting period (in the trash or not). */
export async function countInPeriod(db: Db, vendor: VendorRef, periodId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .where(
      and(
        eq(documents.accountingFirmId, vendor.accountingFirmId),
        eq(documents.vendorId, vendor.id),
        eq(documents.accountingPeriodId, periodId),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Queues the blobs of every version of the client file for the cleanup (it keeps shared ones). */
export async function queueVendorBlobs(tx: Db, vendor: VendorRef): Promise<void> {
  await tx.execute(sql`
    INSERT INTO blob_deletions (blob_key)
    SELECT DISTINCT v.blob_key FROM document_versions v
      JOIN documents d ON d.accounting_firm_id = v.accounting_firm_id AND d.id = v.document_id
     WHERE d.accounting_firm_id = ${vendor.accountingFirmId} AND d.vendor_id = ${vendor.id}
    ON CONFLICT (blob_key) DO NOTHING`);
}

/** Deletes the client file's folders (their documents, versions and uploads cascade). */
export async function deleteVendorFolders(tx: Db, vendor: VendorRef): Promise<void> {
  await tx.delete(folders).where(ofVendor(vendor));
}

/**
 * Locks the live folders of a subtree (the folder and every live folder under it), in id order,
 * and answers their ids. Creations, uploads and moves into them wait for the caller's commit;
 * what committed before is seen by the caller's next statements.
 */
export async function lockLiveSubtree(tx: Db, vendor: VendorRef, id: number): Promise<number[]> {
  const firm = vendor.accountingFirmId;
  return rowsOf<Record<string, unknown>>(
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
  ).map((r) => Number(r.id));
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
 * The live names in `parentId` starting like `stem`, folders' and documents' alike (lowercase): the
 * names a free "name (n)" must avoid.
 */
export async function childNamesLike(db: Db, vendor: VendorRef, parentId: number, stem: string) {
  const result = await db.execute(sql`
    SELECT lower(f.name) AS name FROM folders f
     WHERE f.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id}
       AND f.parent_id = ${parentId} AND f.deleted_at IS NULL AND starts_with(lower(f.name), lower(${stem}))
    UNION ALL
    SELECT lower(d.name) FROM documents d
     WHERE d.accounting_firm_id = ${vendor.accountingFirmId} AND d.vendor_id = ${vendor.id}
       AND d.folder_id = ${parentId} AND d.deleted_at IS NULL AND starts_with(lower(d.name), lower(${stem}))`);
  return rowsOf<{ name: string }>(result).map((r) => r.name);
}
