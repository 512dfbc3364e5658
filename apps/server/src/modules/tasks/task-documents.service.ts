import type { TaskDocument, TaskItem, TaskUploadFolder } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { can, type Grant } from '../../platform/access/access';
import type { Actor } from '../../platform/auth/sessions';
import { notFound } from '../../platform/errors/app-error';
import { emitUpdated, itemOf, requestWithAccess } from './information-requests.service';
import { scheduleReminder } from './reminders.service';
import { toTaskDocument, toTaskItemDto } from './task.mapper';
import * as links from './task-documents.repository';
import * as repo from './tasks.repository';
import { taskWithAccess } from './tasks.service';

/**
 * A task's files: uploaded with the documents' chunk protocol into the client file's exchange
 * folder (`ctx.documents.exchangeFolder`), then linked to the task (attachments) or to an
 * information request's item (a file answer). Unlinking never deletes the document.
 */

const vendorOf = (task: repo.TaskRow) => ({ id: task.vendorId, accountingFirmId: task.accountingFirmId });

/**
 * Every id must be a live document of the task's client file that the person sees (their themes:
 * `grant.themes`, the document manager's rule); any other is 404, as if absent.
 */
async function checkDocuments(
  ctx: AppContext,
  task: repo.TaskRow,
  grant: Grant,
  ids: number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const live = await ctx.documents.liveDocumentIds(
    ctx.db,
    { ...vendorOf(task), themes: grant.themes },
    unique,
  );
  if (unique.some((id) => !live.has(id))) throw notFound();
  return unique;
}

/** The folder a task's files are uploaded to before being linked (made on first use). */
export async function uploadFolder(ctx: AppContext, actor: Actor, id: number): Promise<TaskUploadFolder> {
  const { task } = await taskWithAccess(ctx, actor, id, 'task.answer');
  const folderId = await ctx.documents.exchangeFolder(ctx.db, vendorOf(task), actor.userId);
  return { vendor_id: task.vendorId, folder_id: folderId };
}

export async function listAttachments(ctx: AppContext, actor: Actor, id: number): Promise<TaskDocument[]> {
  const { task, grant } = await taskWithAccess(ctx, actor, id, 'task.read');
  return (await links.attachmentsOf(ctx.db, task.accountingFirmId, task.id, grant.themes)).map(
    toTaskDocument,
  );
}

export async function linkAttachments(
  ctx: AppContext,
  actor: Actor,
  id: number,
  documentIds: number[],
): Promise<TaskDocument[]> {
  const { task, grant } = await taskWithAccess(ctx, actor, id, 'task.answer');
  const ids = await checkDocuments(ctx, task, grant, documentIds);
  await links.linkAttachments(ctx.db, task, ids, actor.userId);
  emitUpdated(ctx, task, actor.userId);
  return (await links.attachmentsOf(ctx.db, task.accountingFirmId, task.id, grant.themes)).map(
    toTaskDocument,
  );
}

/** Those who manage the task unlink any attachment; the others only the ones they linked. */
export async function unlinkAttachment(ctx: AppContext, actor: Actor, id: number, documentId: number) {
  const { task, grant } = await taskWithAccess(ctx, actor, id, 'task.answer');
  if (!can(grant, 'task.manage')) {
    const mine = (await links.attachmentsOf(ctx.db, task.accountingFirmId, task.id, grant.themes)).find(
      (d) => d.id === documentId,
    );
    if (!mine) throw notFound();
    if (mine.linkedBy !== actor.userId)
      await ctx.access.authorize(actor, 'task.manage', { kind: 'vendor', vendorId: task.vendorId });
  }
  if (!(await links.unlinkAttachment(ctx.db, task.accountingFirmId, task.id, documentId))) throw notFound();
  emitUpdated(ctx, task, actor.userId);
}

/** The client answers an item with files: linked to it, the item is no longer missing. */
export async function linkItemDocuments(
  ctx: AppContext,
  actor: Actor,
  id: number,
  itemId: number,
  documentIds: number[],
): Promise<TaskItem> {
  const { task, grant } = await requestWithAccess(ctx, actor, id, 'task.answer');
  const item = await itemOf(ctx, task, itemId);
  const ids = await checkDocuments(ctx, task, grant, documentIds);
  await links.linkItemDocuments(ctx.db, item, ids, actor.userId);
  const row =
    item.answeredAt === null
      ? await repo.updateItem(ctx.db, item, { answeredAt: new Date(), answeredBy: actor.userId })
      : item;
  if (!row) throw notFound();
  emitUpdated(ctx, task, actor.userId);
  return toTaskItemDto(
    row,
    await links.itemDocumentsOf(ctx.db, task.accountingFirmId, task.id, grant.themes, item.id),
  );
}

/** Unlinks a file from an item; with no text and no file left the item is missing again. */
export async function unlinkItemDocument(
  ctx: AppContext,
  actor: Actor,
  id: number,
  itemId: number,
  documentId: number,
): Promise<void> {
  const { task } = await requestWithAccess(ctx, actor, id, 'task.answer');
  const item = await itemOf(ctx, task, itemId);
  await ctx.db.transaction(async (tx) => {
    if (!(await links.unlinkItemDocument(tx, task.accountingFirmId, item.id, documentId))) throw notFound();
    if (item.answer === null && (await links.countItemDocuments(tx, task.accountingFirmId, item.id)) === 0) {
      await repo.updateItem(tx, item, { answeredAt: null, answeredBy: null });
      const current = await repo.lockTask(tx, task.accountingFirmId, task.id);
      if (current) await scheduleReminder(ctx, tx, current);
    }
  });
  emitUpdated(ctx, task, actor.userId);
}
