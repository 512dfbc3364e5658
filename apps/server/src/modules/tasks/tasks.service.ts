import type { Action, CreateTaskRequest, Task, UpdateTaskRequest } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Grant } from '../../platform/access/access';
import type { Actor } from '../../platform/auth/sessions';
import { uniqueViolation } from '../../platform/db-errors';
import { fieldError, notFound } from '../../platform/errors/app-error';
import * as themes from '../themes/themes.service';
import { scheduleReminder } from './reminders.service';
import { announceRequest } from './request-notices.service';
import { toTaskDto, toTaskListItem } from './task.mapper';
import * as links from './task-documents.repository';
import * as lists from './task-lists.repository';
import { recordTaskEvents, type TaskEvent } from './tasks.events';
import * as repo from './tasks.repository';

/** Firm members see a task's internal side; client users do not. */
export const isFirmSide = (grant: Grant) =>
  grant.roles.includes('firm_admin') || grant.roles.includes('firm_collaborator');

/**
 * A task the actor may act on: 404 when they have no role on its client file, or when it is
 * internal and they are a client user (it does not exist for them); 403 without the right.
 */
export async function taskWithAccess(ctx: AppContext, actor: Actor, id: number, action: Action) {
  const found = await repo.findTask(ctx.db, id);
  if (!found) throw notFound();
  const resource = { kind: 'vendor' as const, vendorId: found.task.vendorId };
  const grant = await ctx.access.grantFor(actor, resource);
  if (grant.roles.length === 0 || grant.accountingFirmId !== found.task.accountingFirmId) throw notFound();
  const firmSide = isFirmSide(grant);
  if (found.task.internal && !firmSide) throw notFound();
  await ctx.access.authorize(actor, action, resource);
  return { ...found, grant, firmSide };
}

const eventOf = (row: repo.TaskRow, actorId: number | null): TaskEvent => ({
  accountingFirmId: row.accountingFirmId,
  vendorId: row.vendorId,
  taskId: row.id,
  type: row.type,
  internal: row.internal,
  actorId,
});

/** The full task as its reader may see it (their themes hide some documents: `grant.themes`). */
export async function taskDto(
  ctx: AppContext,
  row: repo.TaskRow,
  company: string,
  firmSide: boolean,
  grant: Grant,
) {
  const firm = row.accountingFirmId;
  const [members, taskThemes, dependsOn, subtasks, items, itemDocuments, attachments] = await Promise.all([
    repo.membersOf(ctx.db, firm, [row.id]),
    themes.themesOfTask(ctx.db, firm, row.id, firmSide),
    repo.dependenciesOf(ctx.db, firm, row.id),
    lists.subtaskRows(ctx.db, firm, row.id, firmSide),
    repo.itemsOf(ctx.db, firm, row.id),
    links.itemDocumentsOf(ctx.db, firm, row.id, grant.themes),
    links.attachmentsOf(ctx.db, firm, row.id, grant.themes),
  ]);
  return toTaskDto(row, {
    company,
    memberIds: members.map((m) => m.userId),
    themes: taskThemes,
    dependsOn,
    subtasks: subtasks.map(toTaskListItem),
    items,
    itemDocuments,
    attachments,
  });
}

export async function getTask(ctx: AppContext, actor: Actor, id: number): Promise<Task> {
  const { task, company, firmSide, grant } = await taskWithAccess(ctx, actor, id, 'task.read');
  return taskDto(ctx, task, company, firmSide, grant);
}

/** A sub-task's parent: a main task (sub-tasks have no sub-tasks) of the same client file. */
async function checkParent(
  tx: Db,
  task: { accountingFirmId: number; vendorId: number; id?: number },
  parentId: number,
) {
  const [parent] = await repo.tasksOfFirm(tx, task.accountingFirmId, [parentId]);
  if (!parent || parent.vendorId !== task.vendorId || parent.parentId !== null || parent.id === task.id) {
    throw fieldError('task-invalid-parent', 'parent_id');
  }
  if (task.id !== undefined && (await repo.countSubtasks(tx, task.accountingFirmId, task.id)) > 0) {
    throw fieldError('task-invalid-parent', 'parent_id');
  }
  // The spec's rule: a parent task takes no dependencies, so a task with some takes no sub-task.
  if ((await repo.dependenciesOf(tx, parent.accountingFirmId, parent.id)).length > 0) {
    throw fieldError('task-parent-cannot-depend', 'parent_id');
  }
  return parent;
}

async function checkTitle(
  tx: Db,
  accountingFirmId: number,
  parentId: number | null,
  title: string,
  id?: number,
) {
  if (parentId !== null && (await repo.siblingTitleTaken(tx, accountingFirmId, parentId, title, id))) {
    throw fieldError('task-title-already-used', 'title');
  }
}

async function checkMembers(
  tx: Db,
  task: { accountingFirmId: number; vendorId: number; internal: boolean },
  memberIds: number[],
): Promise<number[]> {
  const ids = [...new Set(memberIds)];
  const eligible = await repo.eligibleMembers(tx, task, ids);
  if (ids.some((id) => !eligible.has(id))) throw fieldError('task-member-unknown', 'member_ids');
  return ids;
}

/**
 * Replaces a task's dependencies: tasks of the same client file, no cycle, and none on a task
 * that has sub-tasks (the spec's last-parent rule). Serialised per client file.
 */
async function applyDependencies(tx: Db, task: repo.TaskRow, dependsOnIds: number[]): Promise<number[]> {
  const ids = [...new Set(dependsOnIds)];
  await repo.lockDependencies(tx, task.vendorId);
  if (ids.length > 0) {
    if ((await repo.countSubtasks(tx, task.accountingFirmId, task.id)) > 0) {
      throw fieldError('task-parent-cannot-depend', 'depends_on_ids');
    }
    if (ids.includes(task.id)) throw fieldError('task-dependency-cycle', 'depends_on_ids');
    const found = await repo.tasksOfFirm(tx, task.accountingFirmId, ids);
    if (found.length !== ids.length) throw fieldError('validation-failed', 'depends_on_ids', 'invalid-id');
    if (found.some((t) => t.vendorId !== task.vendorId)) {
      throw fieldError('task-dependency-other-vendor', 'depends_on_ids');
    }
    if (await repo.reaches(tx, task.accountingFirmId, ids, task.id)) {
      throw fieldError('task-dependency-cycle', 'depends_on_ids');
    }
  }
  await repo.setDependencies(tx, task, ids);
  return ids;
}

/** A task cannot start (in progress or done) before the tasks it depends on are done. */
async function checkCanStart(tx: Db, task: repo.TaskRow, dependsOn: number[]) {
  if (task.status === 'to_do') return;
  if ((await repo.openDependencies(tx, task.accountingFirmId, dependsOn)) > 0) {
    throw fieldError('task-dependencies-not-done', 'status');
  }
}

function mapDuplicate(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint?.includes('title')) return fieldError('task-title-already-used', 'title');
  return error;
}

export async function createTask(ctx: AppContext, actor: Actor, input: CreateTaskRequest): Promise<Task> {
  const grant = await ctx.access.authorize(actor, 'task.manage', {
    kind: 'vendor',
    vendorId: input.vendor_id,
  });
  const accountingFirmId = grant.accountingFirmId!;
  const vendorId = input.vendor_id;
  if (input.items?.length && input.type !== 'information_request') {
    throw fieldError('task-not-information-request', 'items');
  }
  let created: repo.TaskRow;
  let announced = 0;
  try {
    created = await ctx.db.transaction(async (tx) => {
      const parent = input.parent_id
        ? await checkParent(tx, { accountingFirmId, vendorId }, input.parent_id)
        : null;
      const internal = input.type === 'internal' || Boolean(input.internal) || Boolean(parent?.internal);
      await checkTitle(tx, accountingFirmId, parent?.id ?? null, input.title);
      const members = await checkMembers(
        tx,
        { accountingFirmId, vendorId, internal },
        input.member_ids ?? [],
      );
      const row = await repo.insertTask(tx, {
        accountingFirmId,
        vendorId,
        parentId: parent?.id ?? null,
        title: input.title,
        type: input.type,
        status: input.status,
        dueDate: input.due_date ?? null,
        note: input.note ?? null,
        internal,
        reminderFrequency: input.reminder_frequency ?? 'none',
        completedAt: input.status === 'done' ? new Date() : null,
        createdBy: actor.userId,
      });
      await repo.setMembers(tx, row, members);
      if (input.theme_ids?.length) await themes.setTaskThemes(tx, row, input.theme_ids);
      const dependsOn = await applyDependencies(tx, row, input.depends_on_ids ?? []);
      await checkCanStart(tx, row, dependsOn);
      if (input.items?.length) await repo.insertItems(tx, row, input.items);
      const scheduled = await scheduleReminder(ctx, tx, row);
      announced = await announceRequest(
        ctx,
        tx,
        scheduled,
        (input.items ?? []).map((i) => i.label),
      );
      await recordTaskEvents(
        ctx,
        tx,
        scheduled,
        scheduled.status === 'done' ? ['task.created', 'task.done'] : ['task.created'],
        actor.userId,
      );
      return scheduled;
    });
  } catch (error) {
    throw mapDuplicate(error);
  }
  if (announced > 0) ctx.outbox.kick();
  ctx.events.emit('task.created', eventOf(created, actor.userId));
  if (created.status === 'done') ctx.events.emit('task.done', eventOf(created, actor.userId));
  const found = await repo.findTask(ctx.db, created.id);
  return taskDto(ctx, created, found?.company ?? '', true, grant);
}

/** Fields whose change moves an information request's reminders. */
const REMINDER_FIELDS = ['due_date', 'status', 'reminder_frequency', 'type', 'internal'] as const;

export async function updateTask(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateTaskRequest,
): Promise<Task> {
  const { task, company, grant } = await taskWithAccess(ctx, actor, id, 'task.manage');
  const firm = task.accountingFirmId;
  let before: repo.TaskRow;
  let updated: repo.TaskRow;
  try {
    [before, updated] = await ctx.db.transaction(async (tx) => {
      const current = await repo.lockTask(tx, firm, id);
      if (!current) throw notFound();
      let parentId = current.parentId;
      let parentInternal = false;
      if (input.parent_id !== undefined && input.parent_id !== current.parentId) {
        parentId = input.parent_id;
        if (parentId !== null) parentInternal = (await checkParent(tx, current, parentId)).internal;
      }
      const type = input.type ?? current.type;
      const internal = type === 'internal' || (input.internal ?? current.internal) || parentInternal;
      const title = input.title ?? current.title;
      if (input.title !== undefined || parentId !== current.parentId) {
        await checkTitle(tx, firm, parentId, title, id);
      }
      const status = input.status ?? current.status;
      let row = await repo.updateTask(tx, firm, id, {
        parentId,
        type,
        internal,
        title,
        status,
        ...(input.due_date !== undefined ? { dueDate: input.due_date } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
        ...(input.reminder_frequency ? { reminderFrequency: input.reminder_frequency } : {}),
        ...(status !== current.status ? { completedAt: status === 'done' ? new Date() : null } : {}),
      });
      if (!row) throw notFound();
      if (input.member_ids !== undefined || internal !== current.internal) {
        const ids = input.member_ids ?? (await repo.membersOf(tx, firm, [id])).map((m) => m.userId);
        await repo.setMembers(tx, row, await checkMembers(tx, row, ids));
      }
      if (input.theme_ids !== undefined) await themes.setTaskThemes(tx, row, input.theme_ids);
      const dependsOn =
        input.depends_on_ids !== undefined
          ? await applyDependencies(tx, row, input.depends_on_ids)
          : await repo.dependenciesOf(tx, firm, id);
      if (status !== current.status || input.depends_on_ids !== undefined)
        await checkCanStart(tx, row, dependsOn);
      if (REMINDER_FIELDS.some((f) => input[f] !== undefined)) row = await scheduleReminder(ctx, tx, row);
      const done = row.status === 'done' && current.status !== 'done';
      await recordTaskEvents(
        ctx,
        tx,
        row,
        done ? ['task.updated', 'task.done'] : ['task.updated'],
        actor.userId,
      );
      return [current, row] as const;
    });
  } catch (error) {
    throw mapDuplicate(error);
  }
  ctx.events.emit('task.updated', eventOf(updated, actor.userId));
  if (updated.status === 'done' && before.status !== 'done')
    ctx.events.emit('task.done', eventOf(updated, actor.userId));
  return taskDto(ctx, updated, company, true, grant);
}

export async function deleteTask(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const { task } = await taskWithAccess(ctx, actor, id, 'task.manage');
  await ctx.db.transaction(async (tx) => {
    // The members are read before the deletion takes them away.
    await recordTaskEvents(ctx, tx, task, ['task.deleted'], actor.userId);
    if (!(await repo.deleteTask(tx, task.accountingFirmId, id))) throw notFound();
  });
  ctx.events.emit('task.deleted', eventOf(task, actor.userId));
}
