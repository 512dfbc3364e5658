import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { encodeContext, type Locale, type SignatureMark } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { AppError, fieldError } from '../../platform/errors/app-error';
import type { MailMessage } from '../../platform/mail/mailer';
import type { OutboxHandler } from '../../platform/mail/outbox';
import { signingKeyOf } from './certificates.service';
import { mailCode, ownSignatory, spendMemberCode } from './member-code.service';
import { signRevision } from './pades/pdf-revision';
import { recordEvent } from './signature-events';
import { inviteMail, otpMail, signedMail } from './signature-mails';
import { OTP_MAIL, REMIND_MAIL } from './signature-schedule';
import { emitSignature } from './signatures.events';
import * as repo from './signatures.repository';
import {
  askNext,
  endRequest,
  INVITE_MAIL,
  reachesVendor,
  readBlob,
  SEAL_JOB,
  storeBlob,
} from './signatures.service';

const OTP_TTL_MS = 10 * 60_000;
const OTP_TRIES = 5;
export const ACCESS_TTL_SECONDS = 30 * 60;

export type SignMeta = { ip: string; userAgent?: string };
type Method = 'account' | 'email_code';

const OPEN = ['waiting', 'in_progress'];
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The portal's address (its own domain when it has one), for the links of its mails. */
function portalUrl(publicUrl: string, domain: string | null): string {
  if (!domain) return publicUrl.replace(/\/$/, '');
  const url = new URL(publicUrl);
  url.hostname = domain;
  return url.toString().replace(/\/$/, '');
}

function decodeMark(mark: SignatureMark): { bytes: Buffer; type: 'png' | 'jpeg' } | null {
  if (mark.type !== 'drawn') return null;
  const [, type, data] = /^data:image\/(png|jpeg);base64,(.+)$/.exec(mark.image) ?? [];
  const bytes = Buffer.from(data ?? '', 'base64');
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (bytes.length === 0 || bytes.length > 200 * 1024 || (type === 'png' ? !png : !jpeg))
    throw fieldError('validation-failed', 'signature.image', 'signature-image-invalid');
  return { bytes, type: type as 'png' | 'jpeg' };
}

const stamp = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * One signature, under the request's row lock (two signatories at the same instant make two
 * chained revisions): the signatory's revision with their mark, then the next one is asked, or
 * the request is finished and its seal queued.
 */
export async function signAs(
  ctx: AppContext,
  firmId: number,
  requestId: number,
  signatoryId: number,
  mark: SignatureMark,
  method: Method,
  meta: SignMeta,
): Promise<void> {
  const image = decodeMark(mark);
  const key = await signingKeyOf(ctx, firmId);
  const signedOn = await ctx.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, firmId, requestId);
    if (!request) throw new AppError('not-found');
    const signatory = (await repo.signatoriesOf(tx, firmId, [requestId])).find((s) => s.id === signatoryId);
    if (!signatory) throw new AppError('not-found');
    if (signatory.status === 'signed') throw new AppError('already-signed');
    if (
      !OPEN.includes(request.status) ||
      (signatory.status !== 'in_progress' && signatory.status !== 'waiting')
    )
      throw new AppError('signature-request-closed');
    if (signatory.status === 'waiting') throw new AppError('not-your-turn');
    const field = (await repo.fieldsOf(tx, firmId, [requestId])).find((f) => f.signatoryId === signatoryId)!;
    const before = await readBlob(ctx, request.currentBlobKey);
    const now = new Date();
    const name = `${signatory.firstname} ${signatory.lastname}`.trim();
    const signed = await signRevision(
      before,
      {
        fieldName: `Signature ${signatory.position} (${signatory.id})`,
        signerName: name,
        reason: `Signature: ${request.name}`,
        date: now,
        appearance: {
          box: field,
          image,
          lines: [
            ...(mark.type === 'typed' ? [mark.text] : []),
            `Signé par ${name}`,
            stamp(now),
            `Réf. ${request.id}-${signatory.position}`,
          ],
        },
      },
      key,
    );
    const blob = await storeBlob(ctx, signed);
    await repo.updateSignatory(tx, signatory, {
      status: 'signed',
      signedAt: now,
      method,
      ipAddress: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    await recordEvent(tx, request, 'signed', {
      signatoryId,
      ipAddress: meta.ip,
      data: {
        method,
        consent: true,
        sha256_before: sha256(before),
        sha256_after: blob.key,
        user_agent: meta.userAgent ?? null,
      },
    });
    const people = await repo.signatoriesOf(tx, firmId, [requestId]);
    const done = people.every((s) => s.status === 'signed');
    await repo.updateRequest(tx, request, {
      currentBlobKey: blob.key,
      status: done ? 'finished' : 'in_progress',
    });
    if (done) {
      await recordEvent(tx, request, 'finished');
      await ctx.jobs.enqueue(tx, SEAL_JOB, { firmId, requestId });
    } else {
      await askNext(ctx, tx, request);
      await tellSender(ctx, tx, request, name);
    }
    return request;
  });
  emitSignature(ctx, 'signed', signedOn, { signatoryId });
  ctx.outbox.kick();
}

/** The sender learns of each signature (the last one's news is the completion mail). */
async function tellSender(ctx: AppContext, tx: Db, request: repo.RequestRow, signer: string) {
  const sender = request.createdBy ? (await repo.usersByIds(tx, [request.createdBy]))[0] : undefined;
  if (!sender) return;
  const portal = await repo.portal(tx, request.accountingFirmId);
  const link = `${portalUrl(ctx.config.publicUrl, portal?.domain ?? null)}/signatures/${signatureContext(request)}`;
  const mail = signedMail((sender.locale ?? request.locale) as Locale, { title: request.name, signer, link });
  await ctx.outbox.enqueue(tx, 'mail', { to: sender.email, ...mail });
}

export async function refuseAs(
  ctx: AppContext,
  firmId: number,
  requestId: number,
  signatoryId: number,
  reason: string,
  meta: SignMeta,
): Promise<void> {
  const refused = await ctx.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, firmId, requestId);
    if (!request) throw new AppError('not-found');
    const signatory = (await repo.signatoriesOf(tx, firmId, [requestId])).find((s) => s.id === signatoryId);
    if (!signatory) throw new AppError('not-found');
    if (signatory.status === 'signed') throw new AppError('already-signed');
    if (
      !OPEN.includes(request.status) ||
      (signatory.status !== 'in_progress' && signatory.status !== 'waiting')
    )
      throw new AppError('signature-request-closed');
    if (signatory.status === 'waiting') throw new AppError('not-your-turn');
    await repo.updateSignatory(tx, signatory, {
      status: 'refused',
      refusedAt: new Date(),
      refusalReason: reason,
      ipAddress: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    await recordEvent(tx, request, 'refused', { signatoryId, ipAddress: meta.ip, data: { reason } });
    await endRequest(ctx, tx, request, 'refused', reason);
    return request;
  });
  emitSignature(ctx, 'refused', refused, { signatoryId });
  ctx.outbox.kick();
}

// Signing from an account ------------------------------------------------------------------------

export async function signFromAccount(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  requestId: number,
  mark: SignatureMark,
  meta: SignMeta,
  otp?: string,
) {
  const { request, signatory } = await ownSignatory(ctx, actor, vendorId, requestId);
  // Only a signatory whose turn it is spends a code (the signing below says why others cannot).
  if (signatory.status === 'in_progress' && OPEN.includes(request.status))
    await spendMemberCode(ctx, request, signatory.id, otp, meta.ip);
  await signAs(ctx, request.accountingFirmId, request.id, signatory.id, mark, 'account', meta);
}

export async function refuseFromAccount(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  requestId: number,
  reason: string,
  meta: SignMeta,
) {
  const { request, signatory } = await ownSignatory(ctx, actor, vendorId, requestId);
  await refuseAs(ctx, request.accountingFirmId, request.id, signatory.id, reason, meta);
}

export async function waitingForMe(ctx: AppContext, actor: Actor, firmId: number) {
  // Someone of the firm (a member or one of its clients): another portal answers 404.
  await ctx.access.authorize(actor, 'firm.terms.accept', { kind: 'firm', accountingFirmId: firmId });
  const rows = await repo.waitingFor(ctx.db, firmId, actor.userId);
  const codeRequired = Boolean((await repo.signatureSettings(ctx.db, firmId))?.codeForMembers);
  const mine = [];
  for (const r of rows) if (await reachesVendor(ctx, actor.userId, r.vendorId)) mine.push(r);
  return mine.map((r) => ({
    id: r.id,
    vendor_id: r.vendorId,
    company: r.company,
    name: r.name,
    signatory_id: r.signatoryId,
    sent_at: r.sentAt ? new Date(r.sentAt).toISOString() : null,
    expires_at: new Date(r.expiresAt).toISOString(),
    code_required: codeRequired,
  }));
}

// Outsiders: link, code, access token ------------------------------------------------------------

async function byLink(ctx: AppContext, token: string) {
  const found = await repo.findByLink(ctx.db, hashToken(token));
  if (!found) throw new AppError('not-found');
  return found;
}

async function openLink(ctx: AppContext, token: string) {
  const found = await byLink(ctx, token);
  if (!OPEN.includes(found.request.status)) throw new AppError('signing-link-expired');
  return found;
}

export async function linkInfo(ctx: AppContext, token: string) {
  const { request, signatory } = await openLink(ctx, token);
  const portal = await repo.portal(ctx.db, request.accountingFirmId);
  return {
    portal: { id: request.accountingFirmId, name: portal?.name ?? '' },
    name: request.name,
    request_status: request.status,
    signatory: {
      firstname: signatory.firstname,
      lastname: signatory.lastname,
      status: signatory.status,
      can_sign: signatory.status === 'in_progress',
    },
  };
}

/** Mails a 6-digit code: at most one a minute and 5 an hour per signatory. */
export async function askCode(ctx: AppContext, token: string, meta: SignMeta): Promise<void> {
  const { request, signatory } = await openLink(ctx, token);
  await mailCode(ctx, request, signatory, meta.ip);
}

export async function checkCode(ctx: AppContext, token: string, code: string, meta: SignMeta) {
  const { request, signatory } = await openLink(ctx, token);
  const expected = signatory.otpHash ? Buffer.from(signatory.otpHash, 'hex') : null;
  const given = Buffer.from(hashToken(`${signatory.id}:${code}`), 'hex');
  const live = signatory.otpExpiresAt && new Date(signatory.otpExpiresAt).getTime() > Date.now();
  const right =
    expected !== null && live && signatory.otpTries < OTP_TRIES && timingSafeEqual(expected, given);
  const access = newToken();
  await ctx.db.transaction(async (tx) => {
    await repo.lockRequest(tx, request.accountingFirmId, request.id);
    if (right) {
      await repo.updateSignatory(tx, signatory, {
        otpHash: null,
        otpExpiresAt: null,
        accessHash: hashToken(access),
        accessExpiresAt: new Date(Date.now() + ACCESS_TTL_SECONDS * 1000),
      });
      await recordEvent(tx, request, 'code_checked', { signatoryId: signatory.id, ipAddress: meta.ip });
    } else if (expected) {
      await repo.updateSignatory(tx, signatory, { otpTries: signatory.otpTries + 1 });
      await recordEvent(tx, request, 'code_failed', { signatoryId: signatory.id, ipAddress: meta.ip });
    }
  });
  if (!right) throw fieldError('invalid-otp', 'code');
  return { access_token: access, expires_in: ACCESS_TTL_SECONDS };
}

/** The link's signatory, for the one who holds the access token its code gave (401 otherwise). */
export async function withAccess(ctx: AppContext, token: string, authorization: string | undefined) {
  const { request, signatory } = await openLink(ctx, token);
  const bearer = /^Bearer\s+(\S{20,200})$/i.exec(authorization ?? '')?.[1];
  const live = signatory.accessExpiresAt && new Date(signatory.accessExpiresAt).getTime() > Date.now();
  if (!bearer || !live || signatory.accessHash !== hashToken(bearer)) throw new AppError('unauthenticated');
  return { request, signatory };
}

export async function outsiderSession(ctx: AppContext, token: string, authorization: string | undefined) {
  const { request, signatory } = await withAccess(ctx, token, authorization);
  const fields = (await repo.fieldsOf(ctx.db, request.accountingFirmId, [request.id]))
    .filter((f) => f.signatoryId === signatory.id)
    .map((f) => ({ id: f.id, page: f.page, x: f.x, y: f.y, width: f.width, height: f.height }));
  return { ...(await linkInfo(ctx, token)), fields };
}

export async function outsiderDocument(ctx: AppContext, token: string, authorization: string | undefined) {
  const { request } = await withAccess(ctx, token, authorization);
  return readBlob(ctx, request.currentBlobKey);
}

// Mails ------------------------------------------------------------------------------------------

type MailJob = { firmId: number; signatoryId: number };

const signatoryOf = (db: Db, job: MailJob) => repo.signatoryById(db, job.firmId, job.signatoryId);

/** The invitation of a signatory whose turn it is; an outsider's link is minted now. */
async function deliverInvite(ctx: AppContext, job: MailJob, reminder = false): Promise<MailMessage | null> {
  const found = await signatoryOf(ctx.db, job);
  if (!found || found.signatory.status !== 'in_progress' || !OPEN.includes(found.request.status)) return null;
  const { signatory, request } = found;
  const portal = await repo.portal(ctx.db, job.firmId);
  const base = portalUrl(ctx.config.publicUrl, portal?.domain ?? null);
  const sender = request.createdBy ? (await repo.usersByIds(ctx.db, [request.createdBy]))[0] : undefined;
  let link: string;
  if (signatory.userId) {
    link = `${base}/signatures/${signatureContext(request)}?sign=${request.id}`;
  } else {
    const token = newToken();
    await repo.updateSignatory(ctx.db, signatory, { linkHash: hashToken(token) });
    link = `${base}/sign/${token}`;
  }
  const locale = (signatory.locale ?? request.locale) as Locale;
  const mail = inviteMail(
    locale,
    {
      portal: portal?.name ?? '',
      sender: sender
        ? `${sender.firstname ?? ''} ${sender.lastname ?? ''}`.trim() || (portal?.name ?? '')
        : (portal?.name ?? ''),
      title: request.name,
      message: request.message,
      link,
    },
    reminder,
  );
  return { to: signatory.email, ...mail };
}

/** A fresh 6-digit code, valid 10 minutes; its hash replaces any earlier one. */
async function deliverCode(ctx: AppContext, job: MailJob): Promise<MailMessage | null> {
  const found = await signatoryOf(ctx.db, job);
  if (!found || !OPEN.includes(found.request.status)) return null;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.updateSignatory(ctx.db, found.signatory, {
    otpHash: hashToken(`${found.signatory.id}:${code}`),
    otpTries: 0,
    otpExpiresAt: new Date(Date.now() + OTP_TTL_MS),
  });
  const portal = await repo.portal(ctx.db, job.firmId);
  return { to: found.signatory.email, ...otpMail(found.request.locale as Locale, code, portal?.name ?? '') };
}

const signatureContext = (request: { accountingFirmId: number; vendorId: number }) =>
  encodeContext(request.accountingFirmId, request.vendorId);

export const signatureMailJobs = (ctx: AppContext): Record<string, OutboxHandler> => ({
  [INVITE_MAIL]: (payload) => deliverInvite(ctx, payload as MailJob),
  [OTP_MAIL]: (payload) => deliverCode(ctx, payload as MailJob),
  [REMIND_MAIL]: (payload) => deliverInvite(ctx, payload as MailJob, true),
});

export { sha256 };
