import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../sql-rows.sql';
import { visibleFolderSql } from '../theme-access.sql';
import type { VendorRef } from '../vendor-ref';

/** One entry of an archive: a folder (`blob_key` null, path ending with '/') or a document. */
export type ArchiveEntry = {
  path: string;
  blob_key: string | null;
  size: number;
  modified: Date;
};

/**
 * The live content of a folder as archive entries, paths relative to it: sub-folders (for the
 * empty ones) and the latest version of each document. Trashed items are not there.
 */
export async function folderEntries(db: Db, vendor: VendorRef, folderId: number): Promise<ArchiveEntry[]> {
  const firm = vendor.accountingFirmId;
  const result = await db.execute(sql`
    WITH RECURSIVE tree(id, path) AS (
      SELECT f.id, ''::text FROM folders f
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.id = ${folderId}
         AND f.deleted_at IS NULL
      UNION ALL
      SELECT f.id, tree.path || f.name || '/' FROM folders f JOIN tree ON f.parent_id = tree.id
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.deleted_at IS NULL
         -- Sub-folders hidden by theme (and what is under them) are silently left out.
         AND ${visibleFolderSql(vendor.themes, 'f')}
    )
    SELECT path, NULL AS blob_key, 0 AS size, now() AS modified FROM tree WHERE path <> ''
    UNION ALL
    SELECT tree.path || d.name, v.blob_key, v.size, v.created_at FROM tree
      JOIN documents d ON d.accounting_firm_id = ${firm} AND d.folder_id = tree.id AND d.deleted_at IS NULL
      JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
    ORDER BY 1`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    path: String(r.path),
    blob_key: r.blob_key === null ? null : String(r.blob_key),
    size: Number(r.size),
    modified: r.modified instanceof Date ? r.modified : new Date(String(r.modified)),
  }));
}
