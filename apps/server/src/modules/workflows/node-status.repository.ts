import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { folderWorkflows, nodeStatuses, nodeStatusHistory, workflowStatuses } from '../../db/schema';
import type { ThemeGrant } from '../../platform/access/access';
import { visibleFolderSql } from '../documents/theme-access.sql';
import type { Sharing } from './workflows.repository';

/** The rows of a raw `db.execute()` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type NodeRef = { type: 'document' | 'folder'; id: number };
type Vendor = { id: number; accountingFirmId: number };
const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

/** A live folder of the client file (locked when asked), or undefined. */
export async function liveFolder(db: Db, vendor: Vendor, folderId: number, lock = false) {
  const result = await db.execute(sql`
    SELECT id, parent_id FROM folders WHERE accounting_firm_id = ${vendor.accountingFirmId}
       AND vendor_id = ${vendor.id} AND id = ${folderId} AND deleted_at IS NULL
       ${lock ? sql`FOR UPDATE` : sql``}`);
  return rowsOf<{ id: number; parent_id: number | null }>(result)[0];
}

/** A live document of the client file and its folder (locked when asked), or undefined. */
export async function liveDocument(db: Db, vendor: Vendor, documentId: number, lock = false) {
  const result = await db.execute(sql`
    SELECT id, folder_id FROM documents WHERE accounting_firm_id = ${vendor.accountingFirmId}
       AND vendor_id = ${vendor.id} AND id = ${documentId} AND deleted_at IS NULL
       ${lock ? sql`FOR UPDATE` : sql``}`);
  const row = rowsOf<{ id: number; folder_id: number }>(result)[0];
  return row ? { id: Number(row.id), folderId: Number(row.folder_id) } : undefined;
}

/** The workflow that applies to a folder: its own activation, else its nearest ancestor's. */
export async function effectiveActivation(
  db: Db,
  vendor: Vendor,
  folderId: number,
): Promise<{ workflowId: number; folderId: number } | undefined> {
  const result = await db.execute(sql`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT f.id, f.parent_id, 0 FROM folders f
       WHERE f.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id} AND f.id = ${folderId}
      UNION ALL
      SELECT f.id, f.parent_id, up.depth + 1 FROM folders f JOIN up ON f.id = up.parent_id
       WHERE f.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id}
    )
    SELECT fw.workflow_id, fw.folder_id FROM up
      JOIN folder_workflows fw ON fw.accounting_firm_id = ${vendor.accountingFirmId} AND fw.folder_id = up.id
     ORDER BY up.depth LIMIT 1`);
  const row = rowsOf<{ workflow_id: number; folder_id: number }>(result)[0];
  return row ? { workflowId: Number(row.workflow_id), folderId: Number(row.folder_id) } : undefined;
}

/** The live folders a folder's activation covers: its subtree, down to folders with their own. */
const coveredFolders = (vendor: Vendor, folderId: number) => sql`
  WITH RECURSIVE covered(id) AS (
    SELECT ${folderId}::int
    UNION ALL
    SELECT f.id FROM folders f JOIN covered c ON f.parent_id = c.id
     WHERE f.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id}
       AND f.deleted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM folder_workflows fw
                        WHERE fw.accounting_firm_id = f.accounting_firm_id AND fw.folder_id = f.id)
  )`;

export async function activate(db: Db, vendor: Vendor, folderId: number, workflowId: number, userId: number) {
  await db
    .insert(folderWorkflows)
    .values({
      accountingFirmId: vendor.accountingFirmId,
      vendorId: vendor.id,
      folderId,
      workflowId,
      activatedBy: userId,
    })
    .onConflictDoUpdate({
      target: [folderWorkflows.accountingFirmId, folderWorkflows.folderId],
      set: { workflowId, activatedBy: userId, createdAt: new Date() },
    });
}

export async function deactivate(db: Db, vendor: Vendor, folderId: number) {
  await db
    .delete(folderWorkflows)
    .where(
      and(
        eq(folderWorkflows.accountingFirmId, vendor.accountingFirmId),
        eq(folderWorkflows.folderId, folderId),
      ),
    );
}

/** The own activation of a folder, if any. */
export async function ownActivation(db: Db, vendor: Vendor, folderId: number) {
  const [row] = await db
    .select()
    .from(folderWorkflows)
    .where(
      and(
        eq(folderWorkflows.accountingFirmId, vendor.accountingFirmId),
        eq(folderWorkflows.folderId, folderId),
      ),
    );
  return row;
}

/**
 * Gives every node the activation covers (documents and folders, `folders` alone when asked)
 * the status, with a history line for each one whose status changes.
 */
export async function setCoveredStatus(
  db: Db,
  vendor: Vendor,
  folderId: number,
  status: { id: number; name: string },
  line: { workflowId: number; sharing: Sharing; actorId: number; actorName: string },
) {
  const firm = vendor.accountingFirmId;
  for (const kind of ['folder', 'document'] as const) {
    const nodes =
      kind === 'folder'
        ? sql`SELECT id FROM covered`
        : sql`SELECT d.id FROM documents d JOIN covered c ON d.folder_id = c.id
               WHERE d.accounting_firm_id = ${firm} AND d.deleted_at IS NULL`;
    const column = sql.raw(kind === 'folder' ? 'folder_id' : 'document_id');
    await db.execute(sql`${coveredFolders(vendor, folderId)},
      nodes(id) AS (${nodes}),
      previous AS (
        SELECT n.id, s.id AS status_id, s.name FROM nodes n
          LEFT JOIN node_statuses ns ON ns.accounting_firm_id = ${firm} AND ns.${column} = n.id
          LEFT JOIN workflow_statuses s ON s.accounting_firm_id = ns.accounting_firm_id AND s.id = ns.status_id
      ),
      history AS (
        INSERT INTO node_status_history (accounting_firm_id, ${column}, workflow_id, sharing, from_status_id,
            from_name, to_status_id, to_name, actor_id, actor_name)
        SELECT ${firm}, p.id, ${line.workflowId}, ${line.sharing}, p.status_id, p.name, ${status.id},
               ${status.name}, ${line.actorId}, ${line.actorName}
          FROM previous p WHERE p.status_id IS DISTINCT FROM ${status.id}
      )
      INSERT INTO node_statuses (accounting_firm_id, ${column}, status_id, set_by)
      SELECT ${firm}, n.id, ${status.id}, ${line.actorId} FROM nodes n
      ON CONFLICT (accounting_firm_id, ${column}) WHERE ${column} IS NOT NULL
      DO UPDATE SET status_id = excluded.status_id, set_by = excluded.set_by, set_at = now()`);
  }
}

/** Removes the workflow's statuses from the covered nodes (`folders_only`: the folders alone). */
export async function clearCoveredStatuses(
  db: Db,
  vendor: Vendor,
  folderId: number,
  workflowId: number,
  foldersOnly: boolean,
) {
  const firm = vendor.accountingFirmId;
  const ofWorkflow = sql`ns.status_id IN (SELECT id FROM workflow_statuses
                          WHERE accounting_firm_id = ${firm} AND workflow_id = ${workflowId})`;
  await db.execute(sql`${coveredFolders(vendor, folderId)}
    DELETE FROM node_statuses ns WHERE ns.accounting_firm_id = ${firm} AND ${ofWorkflow}
       AND (ns.folder_id IN (SELECT id FROM covered)
            ${
              foldersOnly
                ? sql``
                : sql`OR ns.document_id IN (SELECT d.id FROM documents d JOIN covered c ON d.folder_id = c.id
                                          WHERE d.accounting_firm_id = ${firm})`
            })`);
}

/** Nodes per status in the folder's live subtree (documents and folders, the folder included). */
export async function subtreeCounts(
  db: Db,
  vendor: Vendor,
  folderId: number,
  statusIds: number[],
  themes: ThemeGrant | null | undefined,
) {
  if (!statusIds.length) return [];
  const firm = vendor.accountingFirmId;
  // Folders hidden from the caller by theme, and what they hold, are not counted.
  const result = await db.execute(sql`
    WITH RECURSIVE sub(id) AS (
      SELECT ${folderId}::int
      UNION ALL
      SELECT f.id FROM folders f JOIN sub ON f.parent_id = sub.id
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.deleted_at IS NULL
         AND ${visibleFolderSql(themes, 'f')}
    )
    SELECT ns.status_id, count(*)::int AS n FROM node_statuses ns
     WHERE ns.accounting_firm_id = ${firm}
       AND ns.status_id IN (${sql.join(
         statusIds.map((id) => sql`${id}`),
         sql`, `,
       )})
       AND (ns.folder_id IN (SELECT id FROM sub)
            OR ns.document_id IN (SELECT d.id FROM documents d JOIN sub ON d.folder_id = sub.id
                                   WHERE d.accounting_firm_id = ${firm} AND d.deleted_at IS NULL))
     GROUP BY ns.status_id`);
  return rowsOf<{ status_id: number; n: number }>(result).map((r) => ({
    status_id: Number(r.status_id),
    count: Number(r.n),
  }));
}

/** The current status row of a node (with its workflow id), if any. */
export async function currentStatus(db: Db, firmId: number, node: NodeRef) {
  const [row] = await db
    .select({ status: workflowStatuses })
    .from(nodeStatuses)
    .innerJoin(
      workflowStatuses,
      and(
        eq(workflowStatuses.accountingFirmId, nodeStatuses.accountingFirmId),
        eq(workflowStatuses.id, nodeStatuses.statusId),
      ),
    )
    .where(
      and(
        eq(nodeStatuses.accountingFirmId, firmId),
        node.type === 'document' ? eq(nodeStatuses.documentId, node.id) : eq(nodeStatuses.folderId, node.id),
      ),
    );
  return row?.status;
}

export async function setStatus(
  db: Db,
  firmId: number,
  node: NodeRef,
  statusId: number,
  userId: number | null,
  line: typeof nodeStatusHistory.$inferInsert,
) {
  const column = node.type === 'document' ? nodeStatuses.documentId : nodeStatuses.folderId;
  await db
    .insert(nodeStatuses)
    .values({
      accountingFirmId: firmId,
      ...(node.type === 'document' ? { documentId: node.id } : { folderId: node.id }),
      statusId,
      setBy: userId,
    })
    .onConflictDoUpdate({
      target: [nodeStatuses.accountingFirmId, column],
      targetWhere: sql`${column} IS NOT NULL`,
      set: { statusId, setBy: userId, setAt: new Date() },
    });
  await db.insert(nodeStatusHistory).values(line);
}

export async function history(db: Db, firmId: number, node: NodeRef, sharings: readonly Sharing[]) {
  return db
    .select()
    .from(nodeStatusHistory)
    .where(
      and(
        eq(nodeStatusHistory.accountingFirmId, firmId),
        node.type === 'document'
          ? eq(nodeStatusHistory.documentId, node.id)
          : eq(nodeStatusHistory.folderId, node.id),
        inArray(nodeStatusHistory.sharing, [...sharings]),
      ),
    )
    .orderBy(sql`${nodeStatusHistory.createdAt} DESC, ${nodeStatusHistory.id} DESC`);
}

/** The live folders of the subtrees of `folderIds` (those included) and their live documents. */
export async function liveSubtrees(db: Db, vendor: Vendor, folderIds: number[]) {
  if (!folderIds.length) return { folders: [] as number[], documents: [] as number[] };
  const firm = vendor.accountingFirmId;
  const result = await db.execute(sql`
    WITH RECURSIVE sub(id) AS (
      SELECT f.id FROM folders f WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id}
         AND f.id IN (${sql.join(
           folderIds.map((id) => sql`${id}`),
           sql`, `,
         )}) AND f.deleted_at IS NULL
      UNION
      SELECT f.id FROM folders f JOIN sub ON f.parent_id = sub.id
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.deleted_at IS NULL
    )
    SELECT 'folder' AS type, id FROM sub
    UNION ALL
    SELECT 'document', d.id FROM documents d JOIN sub ON d.folder_id = sub.id
     WHERE d.accounting_firm_id = ${firm} AND d.deleted_at IS NULL`);
  const rows = rowsOf<{ type: 'folder' | 'document'; id: number }>(result);
  return {
    folders: rows.filter((r) => r.type === 'folder').map((r) => Number(r.id)),
    documents: rows.filter((r) => r.type === 'document').map((r) => Number(r.id)),
  };
}

/**
 * Gives each node (all of one kind) the initial status of the active workflow that applies where
 * it is, unless it already stands in that workflow (or none applies: it keeps what it has), with
 * a history line for each. One statement: the walk up stops at the nearest activated folder.
 */
export async function startAtInitial(
  db: Db,
  vendor: Vendor,
  kind: 'document' | 'folder',
  nodeIds: number[],
  by: { userId: number; system?: undefined } | { userId: null; system: string },
) {
  if (!nodeIds.length) return;
  // The history names the person as they are now, or the system that filed (a job, the intake).
  const actorName =
    by.userId === null
      ? sql`${by.system}`
      : sql`(SELECT coalesce(nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.email)
               FROM users u WHERE u.id = ${by.userId})`;
  const firm = vendor.accountingFirmId;
  const column = sql.raw(kind === 'folder' ? 'folder_id' : 'document_id');
  const targets =
    kind === 'folder'
      ? sql`SELECT f.id AS node_id, f.id AS folder_id FROM folders f
             WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.id IN (${ids(nodeIds)})
               AND f.deleted_at IS NULL`
      : sql`SELECT d.id AS node_id, d.folder_id FROM documents d
             WHERE d.accounting_firm_id = ${firm} AND d.vendor_id = ${vendor.id} AND d.id IN (${ids(nodeIds)})
               AND d.deleted_at IS NULL`;
  await db.execute(sql`
    WITH RECURSIVE targets AS (${targets}),
    up(node_id, id, parent_id, depth) AS (
      SELECT t.node_id, f.id, f.parent_id, 0 FROM targets t
        JOIN folders f ON f.accounting_firm_id = ${firm} AND f.id = t.folder_id
      UNION ALL
      SELECT up.node_id, f.id, f.parent_id, up.depth + 1 FROM up
        JOIN folders f ON f.accounting_firm_id = ${firm} AND f.id = up.parent_id
       WHERE NOT EXISTS (SELECT 1 FROM folder_workflows fw
                          WHERE fw.accounting_firm_id = ${firm} AND fw.folder_id = up.id)
    ),
    applies AS (
      SELECT DISTINCT ON (up.node_id) up.node_id, fw.workflow_id FROM up
        JOIN folder_workflows fw ON fw.accounting_firm_id = ${firm} AND fw.folder_id = up.id
       ORDER BY up.node_id, up.depth
    ),
    changed AS (
      SELECT a.node_id, w.id AS workflow_id, w.sharing, s.id AS status_id, s.name,
             cur.id AS from_id, cur.name AS from_name
        FROM applies a
        JOIN workflows w ON w.accounting_firm_id = ${firm} AND w.id = a.workflow_id AND w.is_active
        JOIN LATERAL (SELECT ws.id, ws.name FROM workflow_statuses ws
                       WHERE ws.accounting_firm_id = ${firm} AND ws.workflow_id = w.id
                       ORDER BY ws.is_initial DESC, ws.position, ws.id LIMIT 1) s ON true
        LEFT JOIN node_statuses ns ON ns.accounting_firm_id = ${firm} AND ns.${column} = a.node_id
        LEFT JOIN workflow_statuses cur ON cur.accounting_firm_id = ${firm} AND cur.id = ns.status_id
       WHERE cur.workflow_id IS DISTINCT FROM w.id
    ),
    history AS (
      INSERT INTO node_status_history (accounting_firm_id, ${column}, workflow_id, sharing, from_status_id,
          from_name, to_status_id, to_name, actor_id, actor_name)
      SELECT ${firm}, c.node_id, c.workflow_id, c.sharing, c.from_id, c.from_name, c.status_id, c.name,
             ${by.userId}::int, ${actorName} FROM changed c
    )
    INSERT INTO node_statuses (accounting_firm_id, ${column}, status_id, set_by)
    SELECT ${firm}, c.node_id, c.status_id, ${by.userId}::int FROM changed c
    ON CONFLICT (accounting_firm_id, ${column}) WHERE ${column} IS NOT NULL
    DO UPDATE SET status_id = excluded.status_id, set_by = excluded.set_by, set_at = now()`);
}

/**
 * The live nodes of one kind among `nodeIds`, locked in id order (two batches never wait on each
 * other in a circle), each with the folder its workflow is looked up from.
 */
export async function lockLiveNodes(
  db: Db,
  vendor: Vendor,
  kind: 'document' | 'folder',
  nodeIds: number[],
): Promise<Map<number, number>> {
  if (!nodeIds.length) return new Map();
  const select =
    kind === 'folder'
      ? sql`SELECT id, id AS folder_id FROM folders`
      : sql`SELECT id, folder_id FROM documents`;
  const result = await db.execute(sql`${select}
     WHERE accounting_firm_id = ${vendor.accountingFirmId} AND vendor_id = ${vendor.id}
       AND id IN (${ids(nodeIds)}) AND deleted_at IS NULL
     ORDER BY id FOR UPDATE`);
  return new Map(
    rowsOf<{ id: number; folder_id: number }>(result).map((r) => [Number(r.id), Number(r.folder_id)]),
  );
}

/** The workflow applying to each folder: its own activation, else its nearest ancestor's. */
export async function activationsOf(
  db: Db,
  vendor: Vendor,
  folderIds: number[],
): Promise<Map<number, number>> {
  if (!folderIds.length) return new Map();
  const firm = vendor.accountingFirmId;
  const result = await db.execute(sql`
    WITH RECURSIVE up(start, id, parent_id, depth) AS (
      SELECT f.id, f.id, f.parent_id, 0 FROM folders f
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.id IN (${ids(folderIds)})
      UNION ALL
      SELECT up.start, f.id, f.parent_id, up.depth + 1 FROM up
        JOIN folders f ON f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.id = up.parent_id
       WHERE NOT EXISTS (SELECT 1 FROM folder_workflows fw
                          WHERE fw.accounting_firm_id = ${firm} AND fw.folder_id = up.id)
    )
    SELECT DISTINCT ON (up.start) up.start, fw.workflow_id FROM up
      JOIN folder_workflows fw ON fw.accounting_firm_id = ${firm} AND fw.folder_id = up.id
     ORDER BY up.start, up.depth`);
  return new Map(
    rowsOf<{ start: number; workflow_id: number }>(result).map((r) => [
      Number(r.start),
      Number(r.workflow_id),
    ]),
  );
}

/** The current status rows of nodes of one kind, by node id. */
export async function currentStatuses(
  db: Db,
  firmId: number,
  kind: 'document' | 'folder',
  nodeIds: number[],
): Promise<Map<number, typeof workflowStatuses.$inferSelect>> {
  if (!nodeIds.length) return new Map();
  const column = kind === 'document' ? nodeStatuses.documentId : nodeStatuses.folderId;
  const rows = await db
    .select({ nodeId: column, status: workflowStatuses })
    .from(nodeStatuses)
    .innerJoin(
      workflowStatuses,
      and(
        eq(workflowStatuses.accountingFirmId, nodeStatuses.accountingFirmId),
        eq(workflowStatuses.id, nodeStatuses.statusId),
      ),
    )
    .where(and(eq(nodeStatuses.accountingFirmId, firmId), inArray(column, nodeIds)));
  return new Map(rows.map((r) => [Number(r.nodeId), r.status]));
}

/** Sets the status of many nodes of one kind at once, with their history lines. */
export async function setStatuses(
  db: Db,
  firmId: number,
  kind: 'document' | 'folder',
  rows: { id: number; statusId: number }[],
  userId: number,
  lines: (typeof nodeStatusHistory.$inferInsert)[],
) {
  if (!rows.length) return;
  const column = kind === 'document' ? nodeStatuses.documentId : nodeStatuses.folderId;
  await db
    .insert(nodeStatuses)
    .values(
      rows.map((r) => ({
        accountingFirmId: firmId,
        ...(kind === 'document' ? { documentId: r.id } : { folderId: r.id }),
        statusId: r.statusId,
        setBy: userId,
      })),
    )
    .onConflictDoUpdate({
      target: [nodeStatuses.accountingFirmId, column],
      targetWhere: sql`${column} IS NOT NULL`,
      set: { statusId: sql`excluded.status_id`, setBy: sql`excluded.set_by`, setAt: new Date() },
    });
  await db.insert(nodeStatusHistory).values(lines);
}
