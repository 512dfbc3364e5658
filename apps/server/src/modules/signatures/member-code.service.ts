import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { hashToken } from '../../platform/auth/tokens';
import { AppError, fieldError, tooManyRequests } from '../../platform/errors/app-error';
import { longestWait } from '../../platform/rate-limit';
import { recordEvent } from './signature-events';
import { OTP_MAIL } from './signature-schedule';
import * as repo from './signatures.repository';

const OTP_TRIES = 5;
const OPEN = ['waiting', 'in_progress'];

/** The caller's signatory on a request of a client file they reach (404 otherwise, 403 if not one). */
export async function ownSignatory(ctx: AppContext, actor: Actor, vendorId: number, requestId: number) {
  const grant = await ctx.access.grantFor(actor, { kind: 'vendor', vendorId });
  if (grant.roles.length === 0 || !grant.accountingFirmId) throw new AppError('not-found');
  const request = await repo.findRequest(
    ctx.db,
    { id: vendorId, accountingFirmId: grant.accountingFirmId },
    requestId,
  );
  if (!request) throw new AppError('not-found');
  const signatory = (await repo.signatoriesOf(ctx.db, request.accountingFirmId, [request.id])).find(
    (s) => s.userId === actor.userId,
  );
  if (!signatory) throw new AppError('forbidden');
  return { request, signatory };
}

/** Mails a 6-digit code to a signatory: at most one a minute and 5 an hour each (429 with Retry-After). */
export async function mailCode(
  ctx: AppContext,
  request: repo.RequestRow,
  signatory: repo.SignatoryRow,
  ip: string,
): Promise<void> {
  const rules = [
    { bucket: `sign-otp:min:${signatory.id}`, max: 1, windowSeconds: 60 },
    { bucket: `sign-otp:hour:${signatory.id}`, max: 5, windowSeconds: 3600 },
  ];
  const wait = await longestWait(ctx.rateLimiter, rules);
  if (wait > 0) throw tooManyRequests(wait);
  for (const rule of rules) await ctx.rateLimiter.hit(rule.bucket, rule.windowSeconds);
  await ctx.db.transaction(async (tx) => {
    await ctx.outbox.enqueue(tx, OTP_MAIL, { firmId: request.accountingFirmId, signatoryId: signatory.id });
    await repo.lockRequest(tx, request.accountingFirmId, request.id);
    await recordEvent(tx, request, 'code_sent', { signatoryId: signatory.id, ipAddress: ip });
  });
  ctx.outbox.kick();
}

/** A member or client user asks the code their portal requires to sign (202). */
export async function askMemberCode(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  requestId: number,
  ip: string,
): Promise<void> {
  const { request, signatory } = await ownSignatory(ctx, actor, vendorId, requestId);
  if (!OPEN.includes(request.status)) throw new AppError('signature-request-closed');
  await mailCode(ctx, request, signatory, ip);
}

/**
 * When the portal requires it of members and client users, spends the mailed code before they
 * sign: none given 422 `signature-code-required`, a wrong, old or spent one 422 `invalid-otp`
 * (5 wrong tries spend it). Without the setting, nothing.
 */
export async function spendMemberCode(
  ctx: AppContext,
  request: repo.RequestRow,
  signatoryId: number,
  code: string | undefined,
  ip: string,
): Promise<void> {
  const settings = await repo.signatureSettings(ctx.db, request.accountingFirmId);
  if (!settings?.codeForMembers) return;
  if (!code) throw fieldError('signature-code-required', 'otp');
  const right = await ctx.db.transaction(async (tx) => {
    await repo.lockRequest(tx, request.accountingFirmId, request.id);
    const signatory = (await repo.signatoriesOf(tx, request.accountingFirmId, [request.id])).find(
      (s) => s.id === signatoryId,
    );
    if (!signatory?.otpHash) return false;
    const live = signatory.otpExpiresAt && new Date(signatory.otpExpiresAt).getTime() > Date.now();
    const ok =
      live &&
      signatory.otpTries < OTP_TRIES &&
      timingSafeEqual(
        Buffer.from(signatory.otpHash, 'hex'),
        Buffer.from(hashToken(`${signatory.id}:${code}`), 'hex'),
      );
    if (ok) {
      await repo.updateSignatory(tx, signatory, { otpHash: null, otpExpiresAt: null });
      await recordEvent(tx, request, 'code_checked', { signatoryId, ipAddress: ip });
    } else {
      await repo.updateSignatory(tx, signatory, { otpTries: signatory.otpTries + 1 });
      await recordEvent(tx, request, 'code_failed', { signatoryId, ipAddress: ip });
    }
    return ok;
  });
  if (!right) throw fieldError('invalid-otp', 'otp');
}
