import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { VendorRef } from '../folders/folders.repository';
import { rowsOf } from '../sql-rows';

/** One row of a listing: a folder or a document with its latest version. */
export type NodeRow = {
  type: 'folder' | 'document';
  id: number;
  name: string;
  folder_id: number | null;
  catalog_tree_folder_id: number | null;
  start_date: string | null;
  read_only: boolean;
  mime_type: string | null;
  size: number | null;
  version_id: number | null;
  is_validated: boolean;
  unread: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
  total: number;
};

const FOLDER_COLUMNS = sql`'folder' AS type, f.id, f.name, f.parent_id AS folder_id, f.catalog_tree_folder_id,
  NULL::text AS start_date, f.read_only, NULL::text AS mime_type, NULL::bigint AS size, NULL::int AS version_id,
  false AS is_validated, false AS unread, f.created_at, f.updated_at, f.deleted_at, 0 AS kind`;

const documentColumns = (userId: number) => sql`'document' AS type, d.id, d.name, d.folder_id,
  NULL::int AS catalog_tree_folder_id, d.start_date::text AS start_date, false AS read_only, v.mime_type, v.size, v.id AS version_id,
  v.validated_at IS NOT NULL AS is_validated,
  NOT EXISTS (SELECT 1 FROM document_reads r WHERE r.accounting_firm_id = d.accounting_firm_id
              AND r.document_id = d.id AND r.user_id = ${userId} AND r.read_at >= v.created_at) AS unread,
  d.created_at, d.updated_at, d.deleted_at, 1 AS kind`;

/** The spec's default sort: tree-structure position, start date, then id (folders before documents). */
const ORDER = sql`ORDER BY catalog_tree_folder_id ASC NULLS LAST, start_date ASC NULLS LAST, kind, id`;

function toRow(r: Record<string, unknown>): NodeRow {
  return {
    ...(r as NodeRow),
    id: Number(r.id),
    folder_id: r.folder_id === null ? null : Number(r.folder_id),
    size: r.size === null ? null : Number(r.size),
    total: Number(r.total),
  };
}

/**
 * A page of a folder's live content, folders and documents together, in one query (the total
 * comes with each row).
 */
export async function folderPage(
  db: Db,
  vendor: VendorRef,
  userId: number,
  folderId: number,
  limit: number,
  offset: number,
): Promise<NodeRow[]> {
  const firm = vendor.accountingFirmId;
  const result = await db.execute(sql`
    SELECT n.*, count(*) OVER ()::int AS total FROM (
      SELECT ${FOLDER_COLUMNS} FROM folders f
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.parent_id = ${folderId}
         AND f.deleted_at IS NULL
      UNION ALL
      SELECT ${documentColumns(userId)} FROM documents d
        JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
       WHERE d.accounting_firm_id = ${firm} AND d.vendor_id = ${vendor.id} AND d.folder_id = ${folderId}
         AND d.deleted_at IS NULL
    ) n ${ORDER} LIMIT ${limit} OFFSET ${offset}`);
  return rowsOf<Record<string, unknown>>(result).map(toRow);
}

/** A page of the trash: what was deleted on its own (not taken along by a folder), newest first. */
export async function trashPage(
  db: Db,
  vendor: VendorRef,
  userId: number,
  limit: number,
  offset: number,
): Promise<NodeRow[]> {
  const firm = vendor.accountingFirmId;
  const result = await db.execute(sql`
    SELECT n.*, count(*) OVER ()::int AS total FROM (
      SELECT ${FOLDER_COLUMNS} FROM folders f
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id}
         AND f.deleted_at IS NOT NULL AND f.trashed_with IS NULL
      UNION ALL
      SELECT ${documentColumns(userId)} FROM documents d
        JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
       WHERE d.accounting_firm_id = ${firm} AND d.vendor_id = ${vendor.id}
         AND d.deleted_at IS NOT NULL AND d.trashed_with IS NULL
    ) n ORDER BY deleted_at DESC, kind, id LIMIT ${limit} OFFSET ${offset}`);
  return rowsOf<Record<string, unknown>>(result).map(toRow);
}
