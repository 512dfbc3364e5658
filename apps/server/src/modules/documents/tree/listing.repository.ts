import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedPerDatabase } from '../../../platform/db-prepared';
import { visibleFolderParams, visibleFolderPrepared } from '../theme-access.sql';
import type { VendorRef } from '../vendor-ref';

/**
 * A folder's whole live content for a file-system client (WebDAV's PROPFIND): folders the person
 * sees (the theme rule as one predicate) and documents with their current version; unpaginated,
 * no counters, one prepared round trip.
 */
export type ListingRow = {
  type: 'folder' | 'document';
  id: number;
  name: string;
  read_only: boolean;
  size: number | null;
  mime_type: string | null;
  blob_key: string | null;
  is_validated: boolean;
  created_at: Date | string;
  updated_at: Date | string;
};

const firm = sql.placeholder('firm');
const vendorId = sql.placeholder('vendor');
const folder = sql.placeholder('folder');

const listingQuery = preparedPerDatabase((db) =>
  db
    .select({ rows: sql<ListingRow[]>`coalesce(json_agg(q), '[]'::json)` })
    .from(sql`(
      SELECT 'folder' AS type, f.id, f.name, f.read_only, NULL::bigint AS size, NULL::text AS mime_type,
             NULL::text AS blob_key, false AS is_validated, f.created_at, f.updated_at
        FROM folders f
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendorId} AND f.parent_id = ${folder}
         AND f.deleted_at IS NULL AND ${visibleFolderPrepared('f')}
      UNION ALL
      SELECT 'document', d.id, d.name, false, v.size, v.mime_type, v.blob_key, v.validated_at IS NOT NULL,
             d.created_at, greatest(d.updated_at, v.created_at)
        FROM documents d
        JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
       WHERE d.accounting_firm_id = ${firm} AND d.vendor_id = ${vendorId} AND d.folder_id = ${folder}
         AND d.deleted_at IS NULL
    ) AS q`)
    .prepare('documents_dav_listing'),
);

export async function folderListing(db: Db, vendor: VendorRef, folderId: number): Promise<ListingRow[]> {
  const [row] = await listingQuery(db).execute({
    firm: vendor.accountingFirmId,
    vendor: vendor.id,
    folder: folderId,
    ...visibleFolderParams(vendor.themes),
  });
  const rows = (typeof row?.rows === 'string' ? JSON.parse(row.rows) : (row?.rows ?? [])) as ListingRow[];
  return rows;
}
