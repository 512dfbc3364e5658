import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { lockPeople, remindedElsewhereSince } from './reminders.repository';
import { recordEvent } from './signature-events';
import { DAY_MS, EXPIRE_JOB, REMIND_MAIL, REMINDER_JOB, type RequestJob } from './signature-schedule';
import { emitSignature } from './signatures.events';
import * as repo from './signatures.repository';
import { endRequest } from './signatures.service';

const OPEN = ['waiting', 'in_progress'];

/**
 * Mails the signatories asked so far (under the request's row lock); the job skips those reminded
 * less than a day ago (at most one mail a day each), the sender's own "relancer" does not. The
 * day is a person's across requests: the job skips a person (the same account or email) reminded
 * less than a day ago on another request of the firm, whoever reminded them; the request's next
 * reminder asks them again. Returns how many were reminded.
 */
export async function remindSignatories(
  ctx: AppContext,
  tx: Db,
  request: repo.RequestRow,
  by: { actorId: number | null },
): Promise<number> {
  const now = Date.now();
  const dayAgo = new Date(now - DAY_MS);
  let reminded = 0;
  const asked = (await repo.signatoriesOf(tx, request.accountingFirmId, [request.id])).filter(
    (s) => s.status === 'in_progress',
  );
  if (by.actorId === null)
    await lockPeople(
      tx,
      request.accountingFirmId,
      asked.map((s) => s.email),
    );
  for (const s of asked) {
    if (by.actorId === null && s.remindedAt && now - new Date(s.remindedAt).getTime() < DAY_MS) continue;
    if (by.actorId === null && (await remindedElsewhereSince(tx, s, dayAgo))) continue;
    await repo.updateSignatory(tx, s, { remindedAt: new Date(now) });
    await recordEvent(tx, request, 'reminded', { signatoryId: s.id, data: { by: by.actorId } });
    await ctx.outbox.enqueue(tx, REMIND_MAIL, { firmId: request.accountingFirmId, signatoryId: s.id });
    reminded += 1;
  }
  return reminded;
}

/** The `signature-reminder` job: reminds, then queues the next one (before the expiry). */
export async function reminderJob(ctx: AppContext, job: RequestJob): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, job.firmId, job.requestId);
    if (!request || !OPEN.includes(request.status) || !request.reminderEveryDays) return;
    await remindSignatories(ctx, tx, request, { actorId: null });
    const next = new Date(Date.now() + request.reminderEveryDays * DAY_MS);
    if (next < request.expiresAt) await ctx.jobs.enqueue(tx, REMINDER_JOB, job, { startAfter: next });
  });
  ctx.outbox.kick();
}

/**
 * The `signature-expire` job: a request still open at its `expires_at` ends `expired`, its
 * signatories who did not sign `notsigned`, and the sender is mailed.
 */
export async function expireJob(ctx: AppContext, job: RequestJob): Promise<void> {
  const expired = await ctx.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, job.firmId, job.requestId);
    if (!request || !OPEN.includes(request.status)) return null;
    if (new Date(request.expiresAt).getTime() > Date.now()) {
      await ctx.jobs.enqueue(tx, EXPIRE_JOB, job, { startAfter: new Date(request.expiresAt) });
      return null;
    }
    await recordEvent(tx, request, 'expired');
    await endRequest(ctx, tx, request, 'expired', null);
    return request;
  });
  if (!expired) return;
  emitSignature(ctx, 'expired', expired);
  ctx.outbox.kick();
}
