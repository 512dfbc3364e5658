import { DEFAULT_LOCALE, encodeContext, REMINDER_DAYS } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { reminderMail } from './reminder-mails';
import * as repo from './tasks.repository';

/** The queue's job: remind the client of one overdue information request. */
export const TASK_REMINDER_JOB = 'task-reminder';
export type ReminderJob = { accountingFirmId: number; taskId: number; token: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When an information request should next remind its client: the day after its due date, then
 * every `reminder_frequency` (a day at least) after the last reminder; null when it should not
 * (not an open, overdue-able, non-internal information request with a frequency).
 */
export function nextReminderAt(task: repo.TaskRow): Date | null {
  const days = REMINDER_DAYS[task.reminderFrequency];
  if (task.type !== 'information_request' || task.status === 'done' || task.internal) return null;
  if (!days || !task.dueDate) return null;
  const overdueFrom = new Date(`${task.dueDate}T00:00:00Z`).getTime() + DAY_MS;
  const fromLast = task.lastRemindedAt ? task.lastRemindedAt.getTime() + days * DAY_MS : 0;
  return new Date(Math.max(overdueFrom, fromLast));
}

/**
 * Starts a new reminder schedule for a task, in the change's transaction: the token moves on, so
 * the jobs queued for the previous schedule do nothing, and the next reminder is queued.
 */
export async function scheduleReminder(ctx: AppContext, tx: Db, task: repo.TaskRow): Promise<repo.TaskRow> {
  if (task.type !== 'information_request' && task.reminderToken === 0) return task;
  const row =
    (await repo.updateTask(tx, task.accountingFirmId, task.id, { reminderToken: task.reminderToken + 1 })) ??
    task;
  const at = nextReminderAt(row);
  if (at) {
    const job: ReminderJob = {
      accountingFirmId: row.accountingFirmId,
      taskId: row.id,
      token: row.reminderToken,
    };
    await ctx.jobs.enqueue(tx, TASK_REMINDER_JOB, job, { startAfter: at });
  }
  return row;
}

/**
 * The job: mails the client file's users (guests aside) the items still missing, at most once a
 * day per request (the row is locked and `last_reminded_at` checked), then queues the next one.
 * A job of an older schedule, or for a request answered, closed or no longer overdue, does nothing.
 * Returns the number of mails queued.
 */
export async function remindInformationRequest(ctx: AppContext, job: ReminderJob): Promise<number> {
  const queued = await ctx.db.transaction(async (tx) => {
    const found = await repo.lockForReminder(tx, job.accountingFirmId, job.taskId, job.token);
    if (!found) return 0;
    const { task } = found;
    const at = nextReminderAt(task);
    if (!at) return 0;
    if (at.getTime() > Date.now()) {
      // Too early (a clock or a schedule moved): come back when it is due.
      await ctx.jobs.enqueue(tx, TASK_REMINDER_JOB, job, { startAfter: at });
      return 0;
    }
    const items = await repo.itemsOf(tx, task.accountingFirmId, task.id);
    const missing = items.filter((i) => i.answeredAt === null).map((i) => i.label);
    // Every item answered: the firm has what it asked for and closes the request.
    if (items.length > 0 && missing.length === 0) return 0;
    const now = new Date();
    await repo.setLastReminded(tx, task, now);
    const recipients = await repo.reminderRecipients(tx, task.accountingFirmId, task.vendorId);
    const link = `${ctx.config.publicUrl}/tasks/${encodeContext(task.accountingFirmId, task.vendorId)}`;
    for (const recipient of recipients) {
      const mail = reminderMail(recipient.locale ?? DEFAULT_LOCALE, {
        firm: found.firm,
        company: found.company,
        title: task.title,
        dueDate: task.dueDate ?? '',
        missing,
        link,
      });
      await ctx.outbox.enqueue(tx, 'mail', { to: recipient.email, ...mail });
    }
    const next = nextReminderAt({ ...task, lastRemindedAt: now });
    if (next) await ctx.jobs.enqueue(tx, TASK_REMINDER_JOB, job, { startAfter: next });
    return recipients.length;
  });
  if (queued > 0) ctx.outbox.kick();
  return queued;
}
