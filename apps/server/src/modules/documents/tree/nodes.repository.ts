import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedPerDatabase } from '../../../platform/db-prepared';
import {
  PAGE_SIGNATURE_COLUMNS,
  pageSignatureJoin,
  signatureColumnsOf,
} from '../../signatures/signatures.sql';
import {
  atVisibleStatus,
  PAGE_STATUS_COLUMNS,
  pageStatusJoin,
  statusColumnsOf,
  type Viewer,
  workflowStatusOf,
} from '../../workflows/workflows.sql';
import { rowsOf } from '../sql-rows.sql';
import { visibleFolderParams, visibleFolderPrepared, visibleFolderSql } from '../theme-access.sql';
import { unreadBy } from '../unread.sql';
import type { VendorRef } from '../vendor-ref';

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
  /** The node's workflow status as JSON (`workflows.sql.ts`), null when none or not for the viewer. */
  workflow_status: unknown;
  /** Documents: the latest version is a signed PDF filed back by a request (issue 29). */
  has_signatures?: boolean;
  /** Documents: a request is out for signature. */
  in_signature?: boolean;
  total: number;
};

/** `viewer` null: no workflow status (the trash). */
const wfStatus = (node: 'd' | 'f', viewer: Viewer | Placeholder | null) =>
  viewer === null ? sql`NULL::json` : workflowStatusOf(node, viewer);

const folderColumns = (
  viewer: Viewer | Placeholder | null,
) => sql`'folder' AS type, f.id, f.name, f.parent_id AS folder_id, f.catalog_tree_folder_id,
  NULL::text AS start_date, f.read_only, NULL::text AS mime_type, NULL::bigint AS size, NULL::int AS version_id,
  false AS is_validated, false AS unread, f.created_at, f.updated_at, f.deleted_at, ${wfStatus('f', viewer)} AS workflow_status, 0 AS kind`;

const documentColumns = (
  userId: number | Placeholder,
  viewer: Viewer | Placeholder | null,
) => sql`'document' AS type, d.id, d.name, d.folder_id,
  NULL::int AS catalog_tree_folder_id, d.start_date::text AS start_date, false AS read_only, v.mime_type, v.size, v.id AS version_id,
  v.validated_at IS NOT NULL AS is_validated,
  ${unreadBy(userId)} AS unread,
  d.created_at, d.updated_at, d.deleted_at, ${wfStatus('d', viewer)} AS workflow_status, 1 AS kind`;

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

const firm = sql.placeholder('firm');
const vendorId = sql.placeholder('vendor');
const user = sql.placeholder('user');
const folder = sql.placeholder('folder');
const viewer = sql.placeholder('viewer');

/**
 * A page of a folder's live content, folders and documents together, with the total
 * and each folder's unread counter (its live subtree's documents the user has not opened since
 * their latest version): one prepared round trip.
 */
function buildPageQuery(db: Db, limit: SQL, offset: SQL, name: string) {
  const upTo = sql`(${limit} + ${offset})`;
  const column = (name: string) => sql.raw(`q.${name}`);
  const names = [
    'type',
    'id',
    'name',
    'folder_id',
    'catalog_tree_folder_id',
    'start_date',
    'read_only',
    'mime_type',
    'size',
    'version_id',
    'is_validated',
    'unread',
    'created_at',
    'updated_at',
    'deleted_at',
    'workflow_status',
    'total',
    'counter',
    'ws_id',
    'ws_name',
    'ws_colour',
    'ws_is_final',
    'sg_pending',
    'sg_signed',
  ] as const;
  const fields = Object.fromEntries(names.map((n) => [n, sql<unknown>`${column(n)}`])) as Record<
    (typeof names)[number],
    SQL<unknown>
  >;
  return db
    .select(fields)
    .from(sql`(
      WITH RECURSIVE page AS (
        -- Each branch's first rows in its own order (an index scan each), then the page of both.
        SELECT n.* FROM (
          (SELECT ${folderColumns(null)} FROM folders f
            WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendorId}
              AND f.parent_id = ${folder} AND f.deleted_at IS NULL AND ${visibleFolderPrepared('f')}
            ORDER BY f.catalog_tree_folder_id ASC NULLS LAST, f.id LIMIT ${upTo})
          UNION ALL
          (SELECT ${documentColumns(user, null)} FROM documents d
             JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
            WHERE d.accounting_firm_id = ${firm} AND d.vendor_id = ${vendorId}
              AND d.folder_id = ${folder} AND d.deleted_at IS NULL
            ORDER BY d.start_date ASC NULLS LAST, d.id LIMIT ${upTo})
        ) n ${ORDER} LIMIT ${limit} OFFSET ${offset}
      ),
      total AS (
        SELECT (SELECT count(*) FROM folders f WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendorId}
                   AND f.parent_id = ${folder} AND f.deleted_at IS NULL AND ${visibleFolderPrepared('f')})
             + (SELECT f.live_documents FROM folders f WHERE f.accounting_firm_id = ${firm}
                   AND f.id = ${folder}) AS n
      ),
      sub(top, id) AS (
        SELECT p.id, p.id FROM page p WHERE p.kind = 0
        UNION ALL
        SELECT sub.top, f.id FROM folders f JOIN sub ON f.parent_id = sub.id
         WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendorId} AND f.deleted_at IS NULL
           AND ${visibleFolderPrepared('f')}
      ),
      counters AS (
        SELECT sub.top, count(d.id)::int AS n FROM sub
          JOIN documents d ON d.accounting_firm_id = ${firm} AND d.folder_id = sub.id AND d.deleted_at IS NULL
          JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
         WHERE ${unreadBy(user)}
         GROUP BY sub.top
      )
      SELECT page.*, (SELECT n FROM total)::int AS total, coalesce(c.n, 0)::int AS counter, ${PAGE_STATUS_COLUMNS},
             ${PAGE_SIGNATURE_COLUMNS}
        FROM page
        LEFT JOIN counters c ON page.kind = 0 AND c.top = page.id
        ${pageStatusJoin(firm, viewer)}
        ${pageSignatureJoin(firm)}
    ) AS q`)
    .orderBy(sql`q.catalog_tree_folder_id ASC NULLS LAST, q.start_date ASC NULLS LAST, q.kind, q.id`)
    .prepare(name);
}

const folderPageQuery = preparedPerDatabase((db) =>
  buildPageQuery(
    db,
    sql`${sql.placeholder('limit')}::int`,
    sql`${sql.placeholder('offset')}::int`,
    'documents_folder_page',
  ),
);

/**
 * The first page, one statement per page size with its LIMIT written in: PostgreSQL then keeps
 * its generic plan (as good as a custom one: the same indexes whatever the folder) after five
 * runs, where a LIMIT given as a parameter makes it plan every run, which costs several times the
 * run itself.
 */
const firstPageQueries = preparedPerDatabase(() => new Map<number, ReturnType<typeof buildPageQuery>>());
function firstPageQuery(db: Db, limit: number) {
  const queries = firstPageQueries(db);
  let query = queries.get(limit);
  if (!query) {
    const n = Math.trunc(limit);
    query = buildPageQuery(db, sql.raw(String(n)), sql.raw('0'), `documents_folder_first_page_${n}`);
    queries.set(limit, query);
  }
  return query;
}

export type PageRow = NodeRow & { counter: number };

/** A page of a folder's live content with the folders' unread counters (see `folderPageQuery`). */
export async function folderPage(
  db: Db,
  vendor: VendorRef,
  userId: number,
  folderId: number,
  limit: number,
  offset: number,
  viewerOf: Viewer,
): Promise<PageRow[]> {
  const params = {
    viewer: viewerOf,
    firm: vendor.accountingFirmId,
    vendor: vendor.id,
    user: userId,
    folder: folderId,
    limit,
    offset,
    ...visibleFolderParams(vendor.themes),
  };
  const rows = await (offset === 0 ? firstPageQuery(db, limit) : folderPageQuery(db)).execute(params);
  return rows.map((r) => ({
    ...toRow(r as Record<string, unknown>),
    workflow_status: statusColumnsOf(r as Record<string, unknown>),
    ...signatureColumnsOf(r as Record<string, unknown>),
    counter: Number(r.counter),
  }));
}

/**
 * A page of a folder's live content standing at one of `statusIds` (the workflow filter), with the
 * total and the folders' unread counters, as `folderPage` answers them (one statement, not
 * prepared: the filter is rarer than the plain page).
 */
export async function folderPageAtStatuses(
  db: Db,
  vendor: VendorRef,
  userId: number,
  folderId: number,
  limit: number,
  offset: number,
  viewer: Viewer,
  statusIds: number[],
): Promise<PageRow[]> {
  const firm = vendor.accountingFirmId;
  const result = await db.execute(sql`
    WITH RECURSIVE matching AS (
      SELECT ${folderColumns(viewer)} FROM folders f
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.parent_id = ${folderId}
         AND f.deleted_at IS NULL AND ${visibleFolderSql(vendor.themes, 'f')} AND ${atVisibleStatus('f', viewer, statusIds)}
      UNION ALL
      SELECT ${documentColumns(userId, viewer)} FROM documents d
        JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
       WHERE d.accounting_firm_id = ${firm} AND d.vendor_id = ${vendor.id} AND d.folder_id = ${folderId}
         AND d.deleted_at IS NULL AND ${atVisibleStatus('d', viewer, statusIds)}
    ),
    page AS (
      SELECT m.*, count(*) OVER ()::int AS total FROM matching m ${ORDER} LIMIT ${limit} OFFSET ${offset}
    ),
    sub(top, id) AS (
      SELECT p.id, p.id FROM page p WHERE p.kind = 0
      UNION ALL
      SELECT sub.top, f.id FROM folders f JOIN sub ON f.parent_id = sub.id
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.deleted_at IS NULL
         AND ${visibleFolderSql(vendor.themes, 'f')}
    ),
    counters AS (
      SELECT sub.top, count(d.id)::int AS n FROM sub
        JOIN documents d ON d.accounting_firm_id = ${firm} AND d.folder_id = sub.id AND d.deleted_at IS NULL
        JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
       WHERE ${unreadBy(userId)}
       GROUP BY sub.top
    )
    SELECT page.*, coalesce(c.n, 0)::int AS counter, ${PAGE_SIGNATURE_COLUMNS} FROM page
      LEFT JOIN counters c ON page.kind = 0 AND c.top = page.id
      ${pageSignatureJoin(firm)}
     ${ORDER}`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    ...toRow(r),
    ...signatureColumnsOf(r),
    counter: Number(r.counter),
  }));
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
  // The theme rule: a trashed folder by its own effective themes, a document by its folder's.
  const result = await db.execute(sql`
    SELECT n.*, count(*) OVER ()::int AS total FROM (
      SELECT ${folderColumns(null)} FROM folders f
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id}
         AND f.deleted_at IS NOT NULL AND f.trashed_with IS NULL AND ${visibleFolderSql(vendor.themes, 'f')}
      UNION ALL
      SELECT ${documentColumns(userId, null)} FROM documents d
        JOIN document_versions v ON v.accounting_firm_id = d.accounting_firm_id AND v.id = d.current_version_id
        JOIN folders df ON df.accounting_firm_id = d.accounting_firm_id AND df.id = d.folder_id
       WHERE d.accounting_firm_id = ${firm} AND d.vendor_id = ${vendor.id}
         AND d.deleted_at IS NOT NULL AND d.trashed_with IS NULL AND ${visibleFolderSql(vendor.themes, 'df')}
    ) n ORDER BY deleted_at DESC, kind, id LIMIT ${limit} OFFSET ${offset}`);
  return rowsOf<Record<string, unknown>>(result).map(toRow);
}
