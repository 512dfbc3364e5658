import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { RequestRow } from './signatures.repository';

/** The queue's jobs of a sent request: its reminders, its expiry. */
export const REMINDER_JOB = 'signature-reminder';
export const EXPIRE_JOB = 'signature-expire';
/** The outbox kind of a reminder to one signatory (the invitation again, a fresh link for outsiders). */
export const REMIND_MAIL = 'signature-remind';

export type RequestJob = { firmId: number; requestId: number };

export const DAY_MS = 86_400_000;

/** In the send's transaction: the first reminder (when the request has some) and the expiry. */
export async function scheduleJobs(
  ctx: AppContext,
  tx: Db,
  request: RequestRow,
  sentAt: Date,
): Promise<void> {
  const job: RequestJob = { firmId: request.accountingFirmId, requestId: request.id };
  if (request.reminderEveryDays) {
    const at = new Date(sentAt.getTime() + request.reminderEveryDays * DAY_MS);
    if (at < request.expiresAt) await ctx.jobs.enqueue(tx, REMINDER_JOB, job, { startAfter: at });
  }
  await ctx.jobs.enqueue(tx, EXPIRE_JOB, job, { startAfter: request.expiresAt });
}
/** The outbox kind of a one-time code (outsiders, and members when the portal requires it). */
export const OTP_MAIL = 'signature-otp';
