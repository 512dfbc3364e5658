import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirms,
  folderWorkflows,
  nodeStatuses,
  nodeStatusHistory,
  users,
  vendorAssignments,
  vendorMemberships,
  workflowStatuses,
  workflows,
  workflowTransitions,
} from '../../db/schema';

/** The rows of a raw `db.execute()` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type WorkflowRow = typeof workflows.$inferSelect;
export type StatusRow = typeof workflowStatuses.$inferSelect;
export type TransitionRow = typeof workflowTransitions.$inferSelect;
export type Sharing = WorkflowRow['sharing'];
export type NodeRef = { type: 'document' | 'folder'; id: number };
type Vendor = { id: number; accountingFirmId: number };

export async function isAccountantFirm(db: Db, firmId: number): Promise<boolean> {
  const [row] = await db
    .select({ v: accountingFirms.isAccountant })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, firmId));
  return row?.v ?? false;
}

/** The firm's workflows (`vendorId` null), or a client file's own and, with `withFirm`, the firm's. */
export async function listWorkflows(
  db: Db,
  firmId: number,
  owner: { vendorId: number | null; withFirm: boolean },
  sharings: readonly Sharing[],
  search?: string,
): Promise<WorkflowRow[]> {
  const ownerCond =
    owner.vendorId === null
      ? isNull(workflows.vendorId)
      : owner.withFirm
        ? or(eq(workflows.vendorId, owner.vendorId), isNull(workflows.vendorId))
        : eq(workflows.vendorId, owner.vendorId);
  const searchCond = search?.trim()
    ? sql`strpos(lower(${workflows.name}), lower(${search.trim()})) > 0`
    : undefined;
  return db
    .select()
    .from(workflows)
    .where(
      and(
        eq(workflows.accountingFirmId, firmId),
        ownerCond,
        inArray(workflows.sharing, [...sharings]),
        searchCond,
      ),
    )
    .orderBy(sql`lower(${workflows.name})`, asc(workflows.id));
}

export async function findWorkflow(db: Db, firmId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(workflows)
    .where(and(eq(workflows.accountingFirmId, firmId), eq(workflows.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function statusesOf(db: Db, firmId: number, workflowIds: number[]): Promise<StatusRow[]> {
  if (!workflowIds.length) return [];
  return db
    .select()
    .from(workflowStatuses)
    .where(
      and(eq(workflowStatuses.accountingFirmId, firmId), inArray(workflowStatuses.workflowId, workflowIds)),
    )
    .orderBy(asc(workflowStatuses.position), asc(workflowStatuses.id));
}

export async function transitionsOf(db: Db, firmId: number, workflowIds: number[]): Promise<TransitionRow[]> {
  if (!workflowIds.length) return [];
  return db
    .select()
    .from(workflowTransitions)
    .where(
      and(
        eq(workflowTransitions.accountingFirmId, firmId),
        inArray(workflowTransitions.workflowId, workflowIds),
      ),
    )
    .orderBy(asc(workflowTransitions.id));
}

export async function folderCounts(
  db: Db,
  firmId: number,
  workflowIds: number[],
): Promise<Map<number, number>> {
  if (!workflowIds.length) return new Map();
  const rows = await db
    .select({ id: folderWorkflows.workflowId, n: sql<number>`count(*)::int` })
    .from(folderWorkflows)
    .where(
      and(eq(folderWorkflows.accountingFirmId, firmId), inArray(folderWorkflows.workflowId, workflowIds)),
    )
    .groupBy(folderWorkflows.workflowId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function nameTaken(
  db: Db,
  firmId: number,
  vendorId: number | null,
  name: string,
  except?: number,
) {
  const [row] = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(
      and(
        eq(workflows.accountingFirmId, firmId),
        vendorId === null ? isNull(workflows.vendorId) : eq(workflows.vendorId, vendorId),
        sql`lower(${workflows.name}) = lower(${name})`,
        except === undefined ? undefined : sql`${workflows.id} <> ${except}`,
      ),
    );
  return row !== undefined;
}

export async function insertWorkflow(db: Db, values: typeof workflows.$inferInsert): Promise<WorkflowRow> {
  const [row] = await db.insert(workflows).values(values).returning();
  return row!;
}

export async function updateWorkflow(db: Db, firmId: number, id: number, values: Partial<WorkflowRow>) {
  await db
    .update(workflows)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(workflows.accountingFirmId, firmId), eq(workflows.id, id)));
}

export async function deleteWorkflow(db: Db, firmId: number, id: number) {
  await db.delete(workflows).where(and(eq(workflows.accountingFirmId, firmId), eq(workflows.id, id)));
}

export async function insertStatus(db: Db, values: typeof workflowStatuses.$inferInsert): Promise<StatusRow> {
  const [row] = await db.insert(workflowStatuses).values(values).returning();
  return row!;
}

export async function updateStatus(db: Db, firmId: number, id: number, values: Partial<StatusRow>) {
  await db
    .update(workflowStatuses)
    .set(values)
    .where(and(eq(workflowStatuses.accountingFirmId, firmId), eq(workflowStatuses.id, id)));
}

/** Gives the nodes of status `from` the status `to`, then deletes `from`. */
export async function deleteStatusInto(db: Db, firmId: number, from: number, to: number) {
  await db
    .update(nodeStatuses)
    .set({ statusId: to })
    .where(and(eq(nodeStatuses.accountingFirmId, firmId), eq(nodeStatuses.statusId, from)));
  await db
    .delete(workflowStatuses)
    .where(and(eq(workflowStatuses.accountingFirmId, firmId), eq(workflowStatuses.id, from)));
}

export async function replaceTransitions(
  db: Db,
  firmId: number,
  workflowId: number,
  rows: { fromStatusId: number; toStatusId: number; movers: string[]; userIds: number[] }[],
) {
  await db
    .delete(workflowTransitions)
    .where(
      and(eq(workflowTransitions.accountingFirmId, firmId), eq(workflowTransitions.workflowId, workflowId)),
    );
  if (rows.length)
    await db
      .insert(workflowTransitions)
      .values(rows.map((r) => ({ ...r, accountingFirmId: firmId, workflowId })));
}

/**
 * People one may name in a workflow: for a client file, the firm members who reach it (admins,
 * all-files members, assigned ones) and its client users; for the firm, its members and every
 * client user of its client files.
 */
export async function peopleOf(db: Db, firmId: number, vendorId: number | null) {
  const vendorCond = vendorId === null ? sql`true` : sql`vm.vendor_id = ${vendorId}`;
  const reach =
    vendorId === null
      ? sql`true`
      : sql`(m.role = 'admin' OR m.all_vendors OR EXISTS (SELECT 1 FROM ${vendorAssignments} a
            WHERE a.accounting_firm_id = m.accounting_firm_id AND a.user_id = m.user_id AND a.vendor_id = ${vendorId}))`;
  const result = await db.execute(sql`
    SELECT u.id, coalesce(nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.email) AS fullname, 'firm' AS side
      FROM ${accountingFirmMemberships} m JOIN ${users} u ON u.id = m.user_id
     WHERE m.accounting_firm_id = ${firmId} AND ${reach}
    UNION
    SELECT u.id, coalesce(nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.email), 'client'
      FROM ${vendorMemberships} vm JOIN ${users} u ON u.id = vm.user_id
     WHERE vm.accounting_firm_id = ${firmId} AND ${vendorCond}
     ORDER BY 2, 1`);
  return rowsOf<{ id: number; fullname: string; side: 'firm' | 'client' }>(result).map((r) => ({
    ...r,
    id: Number(r.id),
  }));
}

export async function userName(db: Db, userId: number): Promise<string> {
  const [row] = await db
    .select({
      name: sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstname}, ${users.lastname})), ''), ${users.email})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ?? '';
}

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
export async function subtreeCounts(db: Db, vendor: Vendor, folderId: number, statusIds: number[]) {
  if (!statusIds.length) return [];
  const firm = vendor.accountingFirmId;
  const result = await db.execute(sql`
    WITH RECURSIVE sub(id) AS (
      SELECT ${folderId}::int
      UNION ALL
      SELECT f.id FROM folders f JOIN sub ON f.parent_id = sub.id
       WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id} AND f.deleted_at IS NULL
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
