import { and, asc, count, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirms,
  taskDependencies,
  taskItems,
  taskMembers,
  tasks,
  users,
  vendorMemberships,
  vendors,
} from '../../db/schema';
import { preparedPerDatabase } from '../../platform/db-prepared';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
export type TaskItemRow = typeof taskItems.$inferSelect;

const oneTask = (accountingFirmId: number, id: number) =>
  and(eq(tasks.accountingFirmId, accountingFirmId), eq(tasks.id, id));

const taskById = preparedPerDatabase((db) =>
  db
    .select({ task: tasks, company: vendors.company })
    .from(tasks)
    .innerJoin(
      vendors,
      and(eq(vendors.accountingFirmId, tasks.accountingFirmId), eq(vendors.id, tasks.vendorId)),
    )
    .where(eq(tasks.id, sql.placeholder('id')))
    .limit(1)
    .prepare('task_by_id'),
);

/**
 * A task and its company by id, whatever its firm: the caller asks the access module about its
 * client file next.
 */
export async function findTask(db: Db, id: number): Promise<{ task: TaskRow; company: string } | undefined> {
  const [row] = await taskById(db).execute({ id });
  return row;
}

/** A task of this firm, locked for the rest of the transaction. */
export async function lockTask(db: Db, accountingFirmId: number, id: number): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(oneTask(accountingFirmId, id)).for('update').limit(1);
  return row;
}

/** Tasks of this firm among `ids` (others are left out). */
export async function tasksOfFirm(db: Db, accountingFirmId: number, ids: number[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.accountingFirmId, accountingFirmId), inArray(tasks.id, ids)));
}

export async function insertTask(db: Db, values: NewTaskRow): Promise<TaskRow> {
  const [row] = await db.insert(tasks).values(values).returning();
  return row!;
}

export async function updateTask(
  db: Db,
  accountingFirmId: number,
  id: number,
  values: Partial<NewTaskRow>,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ ...values, updatedAt: new Date() })
    .where(oneTask(accountingFirmId, id))
    .returning();
  return row;
}

export async function deleteTask(db: Db, accountingFirmId: number, id: number): Promise<boolean> {
  const rows = await db.delete(tasks).where(oneTask(accountingFirmId, id)).returning({ id: tasks.id });
  return rows.length > 0;
}

/** Whether another sub-task of `parentId` has this title (case-insensitive). */
export async function siblingTitleTaken(
  db: Db,
  accountingFirmId: number,
  parentId: number,
  title: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.accountingFirmId, accountingFirmId),
        eq(tasks.parentId, parentId),
        sql`lower(${tasks.title}) = lower(${title})`,
        exceptId === undefined ? undefined : ne(tasks.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function countSubtasks(db: Db, accountingFirmId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.accountingFirmId, accountingFirmId), eq(tasks.parentId, id)));
  return Number(row?.n ?? 0);
}

/** The sub-tasks of a task, by due date then id. */
export async function subtasksOf(db: Db, accountingFirmId: number, id: number): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.accountingFirmId, accountingFirmId), eq(tasks.parentId, id)))
    .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.id));
}

// Members ----------------------------------------------------------------------------------------

/**
 * Which of these users may be a task's members: accepted members of the firm, and (unless the
 * task is internal) accepted client users of its client file.
 */
export async function eligibleMembers(
  db: Db,
  task: { accountingFirmId: number; vendorId: number; internal: boolean },
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const firm = await db
    .select({ id: accountingFirmMemberships.userId })
    .from(accountingFirmMemberships)
    .where(
      and(
        eq(accountingFirmMemberships.accountingFirmId, task.accountingFirmId),
        inArray(accountingFirmMemberships.userId, userIds),
        eq(accountingFirmMemberships.pending, false),
      ),
    );
  const clients = task.internal
    ? []
    : await db
        .select({ id: vendorMemberships.userId })
        .from(vendorMemberships)
        .where(
          and(
            eq(vendorMemberships.accountingFirmId, task.accountingFirmId),
            eq(vendorMemberships.vendorId, task.vendorId),
            inArray(vendorMemberships.userId, userIds),
            eq(vendorMemberships.pending, false),
          ),
        );
  return new Set([...firm, ...clients].map((r) => r.id));
}

export async function setMembers(db: Db, task: TaskRow, userIds: number[]): Promise<void> {
  await db
    .delete(taskMembers)
    .where(and(eq(taskMembers.accountingFirmId, task.accountingFirmId), eq(taskMembers.taskId, task.id)));
  if (userIds.length) {
    await db
      .insert(taskMembers)
      .values(userIds.map((userId) => ({ accountingFirmId: task.accountingFirmId, taskId: task.id, userId })))
      .onConflictDoNothing();
  }
}

export async function membersOf(db: Db, accountingFirmId: number, taskIds: number[]) {
  if (taskIds.length === 0) return [];
  return db
    .select({ taskId: taskMembers.taskId, userId: taskMembers.userId })
    .from(taskMembers)
    .where(and(eq(taskMembers.accountingFirmId, accountingFirmId), inArray(taskMembers.taskId, taskIds)))
    .orderBy(asc(taskMembers.userId));
}

// Dependencies -----------------------------------------------------------------------------------

/** Serialises the dependency changes of one client file (two changes could close a cycle). */
export async function lockDependencies(tx: Db, vendorId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727073690, ${vendorId}::int)`);
}

export async function dependenciesOf(db: Db, accountingFirmId: number, taskId: number): Promise<number[]> {
  const rows = await db
    .select({ id: taskDependencies.dependsOnId })
    .from(taskDependencies)
    .where(and(eq(taskDependencies.accountingFirmId, accountingFirmId), eq(taskDependencies.taskId, taskId)))
    .orderBy(asc(taskDependencies.dependsOnId));
  return rows.map((r) => r.id);
}

/** Whether `taskId` is reachable from `dependsOn` through dependencies (adding them: a cycle). */
export async function reaches(
  db: Db,
  accountingFirmId: number,
  dependsOn: number[],
  taskId: number,
): Promise<boolean> {
  if (dependsOn.length === 0) return false;
  const result = await db.execute(sql`
    WITH RECURSIVE reach(id) AS (
      SELECT unnest(${sql.param(dependsOn)}::int[])
      UNION
      SELECT d.depends_on_id FROM task_dependencies d JOIN reach r ON d.task_id = r.id
      WHERE d.accounting_firm_id = ${accountingFirmId}
    )
    SELECT 1 AS found FROM reach WHERE id = ${taskId} LIMIT 1`);
  return ((result as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}

export async function setDependencies(db: Db, task: TaskRow, dependsOn: number[]): Promise<void> {
  await db
    .delete(taskDependencies)
    .where(
      and(eq(taskDependencies.accountingFirmId, task.accountingFirmId), eq(taskDependencies.taskId, task.id)),
    );
  if (dependsOn.length) {
    await db.insert(taskDependencies).values(
      dependsOn.map((dependsOnId) => ({
        accountingFirmId: task.accountingFirmId,
        taskId: task.id,
        dependsOnId,
      })),
    );
  }
}

/** The tasks `taskId` depends on that are not done yet. */
export async function openDependencies(db: Db, accountingFirmId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(
      and(eq(tasks.accountingFirmId, accountingFirmId), inArray(tasks.id, ids), ne(tasks.status, 'done')),
    );
  return Number(row?.n ?? 0);
}

// Items of information requests ------------------------------------------------------------------

export async function itemsOf(db: Db, accountingFirmId: number, taskId: number): Promise<TaskItemRow[]> {
  return db
    .select()
    .from(taskItems)
    .where(and(eq(taskItems.accountingFirmId, accountingFirmId), eq(taskItems.taskId, taskId)))
    .orderBy(asc(taskItems.position), asc(taskItems.id));
}

export async function findItem(db: Db, accountingFirmId: number, taskId: number, itemId: number) {
  const [row] = await db
    .select()
    .from(taskItems)
    .where(
      and(
        eq(taskItems.accountingFirmId, accountingFirmId),
        eq(taskItems.taskId, taskId),
        eq(taskItems.id, itemId),
      ),
    )
    .limit(1);
  return row;
}

export async function insertItems(
  db: Db,
  task: TaskRow,
  items: { label: string; kind: 'document' | 'answer' }[],
): Promise<TaskItemRow[]> {
  if (items.length === 0) return [];
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${taskItems.position}), 0)`.mapWith(Number) })
    .from(taskItems)
    .where(and(eq(taskItems.accountingFirmId, task.accountingFirmId), eq(taskItems.taskId, task.id)));
  const start = last?.n ?? 0;
  return db
    .insert(taskItems)
    .values(
      items.map((item, i) => ({
        accountingFirmId: task.accountingFirmId,
        taskId: task.id,
        position: start + i + 1,
        ...item,
      })),
    )
    .returning();
}

export async function updateItem(
  db: Db,
  item: TaskItemRow,
  values: Partial<typeof taskItems.$inferInsert>,
): Promise<TaskItemRow | undefined> {
  const [row] = await db
    .update(taskItems)
    .set(values)
    .where(and(eq(taskItems.accountingFirmId, item.accountingFirmId), eq(taskItems.id, item.id)))
    .returning();
  return row;
}

export async function deleteItem(db: Db, item: TaskItemRow): Promise<void> {
  await db
    .delete(taskItems)
    .where(and(eq(taskItems.accountingFirmId, item.accountingFirmId), eq(taskItems.id, item.id)));
}

// Reminders --------------------------------------------------------------------------------------

/** A task locked if its reminder schedule is still the one `token` names. */
export async function lockForReminder(db: Db, accountingFirmId: number, id: number, token: number) {
  const [row] = await db
    .select({ task: tasks, company: vendors.company, firm: accountingFirms.name })
    .from(tasks)
    .innerJoin(
      vendors,
      and(eq(vendors.accountingFirmId, tasks.accountingFirmId), eq(vendors.id, tasks.vendorId)),
    )
    .innerJoin(accountingFirms, eq(accountingFirms.id, tasks.accountingFirmId))
    .where(and(oneTask(accountingFirmId, id), eq(tasks.reminderToken, token), eq(vendors.status, 'active')))
    .for('update', { of: tasks })
    .limit(1);
  return row;
}

export async function setLastReminded(db: Db, task: TaskRow, at: Date): Promise<void> {
  await db.update(tasks).set({ lastRemindedAt: at }).where(oneTask(task.accountingFirmId, task.id));
}

/** Who an information request reminds: the client file's accepted users who may answer. */
export async function reminderRecipients(db: Db, accountingFirmId: number, vendorId: number) {
  return db
    .select({ email: users.email, locale: users.locale })
    .from(vendorMemberships)
    .innerJoin(users, eq(users.id, vendorMemberships.userId))
    .where(
      and(
        eq(vendorMemberships.accountingFirmId, accountingFirmId),
        eq(vendorMemberships.vendorId, vendorId),
        eq(vendorMemberships.pending, false),
        ne(vendorMemberships.role, 'guest'),
        or(isNull(vendorMemberships.revokedAt), gt(vendorMemberships.revokedAt, sql`CURRENT_DATE`)),
      ),
    )
    .orderBy(asc(users.email));
}

/** The names a mail about a client file's task gives: the firm's and the company's (active files only). */
export async function mailNames(db: Db, accountingFirmId: number, vendorId: number) {
  const [row] = await db
    .select({ firm: accountingFirms.name, company: vendors.company })
    .from(vendors)
    .innerJoin(accountingFirms, eq(accountingFirms.id, vendors.accountingFirmId))
    .where(
      and(
        eq(vendors.accountingFirmId, accountingFirmId),
        eq(vendors.id, vendorId),
        eq(vendors.status, 'active'),
      ),
    )
    .limit(1);
  return row;
}
