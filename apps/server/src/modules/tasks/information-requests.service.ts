import type {
  AnswerTaskItemRequest,
  TaskItem,
  TaskItemInput,
  UpdateTaskItemRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { fieldError, notFound } from '../../platform/errors/app-error';
import { scheduleReminder } from './reminders.service';
import { toTaskItemDto } from './task.mapper';
import * as links from './task-documents.repository';
import * as repo from './tasks.repository';
import { taskWithAccess } from './tasks.service';

/**
 * Information requests: the items the firm asks a client for (a document or an answer), and the
 * client's answers, item by item. An item is missing until answered, with text or with files
 * (filed in the client's documents and linked: `task-documents.service.ts`).
 */

export const emitUpdated = (ctx: AppContext, task: repo.TaskRow, actorId: number) =>
  ctx.events.emit('task.updated', {
    accountingFirmId: task.accountingFirmId,
    vendorId: task.vendorId,
    taskId: task.id,
    type: task.type,
    internal: task.internal,
    actorId,
  });

export async function requestWithAccess(
  ctx: AppContext,
  actor: Actor,
  id: number,
  action: 'task.manage' | 'task.answer',
) {
  const found = await taskWithAccess(ctx, actor, id, action);
  if (found.task.type !== 'information_request') throw fieldError('task-not-information-request', 'id');
  return found;
}

/** Adds items to an information request (and restarts its reminders: something is missing again). */
export async function addItem(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TaskItemInput,
): Promise<TaskItem> {
  const { task } = await requestWithAccess(ctx, actor, id, 'task.manage');
  const item = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockTask(tx, task.accountingFirmId, id);
    if (!current) throw notFound();
    const [row] = await repo.insertItems(tx, current, [input]);
    await scheduleReminder(ctx, tx, current);
    return row!;
  });
  emitUpdated(ctx, task, actor.userId);
  return toTaskItemDto(item);
}

export async function itemOf(ctx: AppContext, task: repo.TaskRow, itemId: number) {
  const item = await repo.findItem(ctx.db, task.accountingFirmId, task.id, itemId);
  if (!item) throw notFound();
  return item;
}

export async function updateItem(
  ctx: AppContext,
  actor: Actor,
  id: number,
  itemId: number,
  input: UpdateTaskItemRequest,
): Promise<TaskItem> {
  const { task, grant } = await requestWithAccess(ctx, actor, id, 'task.manage');
  const item = await itemOf(ctx, task, itemId);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const documents = await links.itemDocumentsOf(
    ctx.db,
    task.accountingFirmId,
    task.id,
    grant.themes,
    item.id,
  );
  if (Object.keys(changes).length === 0) return toTaskItemDto(item, documents);
  const row = await repo.updateItem(ctx.db, item, changes);
  if (!row) throw notFound();
  emitUpdated(ctx, task, actor.userId);
  return toTaskItemDto(row, documents);
}

export async function deleteItem(ctx: AppContext, actor: Actor, id: number, itemId: number): Promise<void> {
  const { task } = await requestWithAccess(ctx, actor, id, 'task.manage');
  await repo.deleteItem(ctx.db, await itemOf(ctx, task, itemId));
  emitUpdated(ctx, task, actor.userId);
}

/** The client (or the firm for them) answers one item with text; the item is no longer missing. */
export async function answerItem(
  ctx: AppContext,
  actor: Actor,
  id: number,
  itemId: number,
  input: AnswerTaskItemRequest,
): Promise<TaskItem> {
  const { task, grant } = await requestWithAccess(ctx, actor, id, 'task.answer');
  const row = await repo.updateItem(ctx.db, await itemOf(ctx, task, itemId), {
    answer: input.answer,
    answeredAt: new Date(),
    answeredBy: actor.userId,
  });
  if (!row) throw notFound();
  emitUpdated(ctx, task, actor.userId);
  return toTaskItemDto(
    row,
    await links.itemDocumentsOf(ctx.db, task.accountingFirmId, task.id, grant.themes, row.id),
  );
}
