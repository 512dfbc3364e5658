import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirms,
  folderWorkflows,
  nodeStatuses,
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

/** Which of these status ids belong to a workflow the client file may use, of the sharings given. */
export async function usableStatusIds(
  db: Db,
  vendor: { id: number; accountingFirmId: number },
  sharings: readonly Sharing[],
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: workflowStatuses.id })
    .from(workflowStatuses)
    .innerJoin(
      workflows,
      and(
        eq(workflows.accountingFirmId, workflowStatuses.accountingFirmId),
        eq(workflows.id, workflowStatuses.workflowId),
      ),
    )
    .where(
      and(
        eq(workflowStatuses.accountingFirmId, vendor.accountingFirmId),
        inArray(workflowStatuses.id, ids),
        or(isNull(workflows.vendorId), eq(workflows.vendorId, vendor.id)),
        inArray(workflows.sharing, [...sharings]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
