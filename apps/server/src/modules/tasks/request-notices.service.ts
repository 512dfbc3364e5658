import { DEFAULT_LOCALE, encodeContext } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { requestMail } from './request-mails';
import * as repo from './tasks.repository';

/**
 * Tells the client of a new information request: a mail to each of the client file's users who
 * may answer it (guests aside, as the reminders), in their language, with a link to the request.
 * Queued in the creation's transaction (the outbox sends it once committed); the caller kicks the
 * outbox after the commit. Stands in until the notification preferences decide who gets what.
 * Returns the number of mails queued.
 */
export async function announceRequest(
  ctx: AppContext,
  tx: Db,
  task: repo.TaskRow,
  items: string[],
): Promise<number> {
  if (task.type !== 'information_request' || task.internal || task.status === 'done') return 0;
  const names = await repo.mailNames(tx, task.accountingFirmId, task.vendorId);
  if (!names) return 0;
  const recipients = await repo.reminderRecipients(tx, task.accountingFirmId, task.vendorId);
  const context = encodeContext(task.accountingFirmId, task.vendorId);
  const link = `${ctx.config.publicUrl}/tasks/${context}?task=${task.id}`;
  for (const recipient of recipients) {
    const mail = requestMail(recipient.locale ?? DEFAULT_LOCALE, {
      ...names,
      title: task.title,
      dueDate: task.dueDate,
      items,
      link,
    });
    await ctx.outbox.enqueue(tx, 'mail', { to: recipient.email, ...mail });
  }
  return recipients.length;
}
