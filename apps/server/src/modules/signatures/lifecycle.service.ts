import type {
  CreateSignatureRequest,
  SignatureRequest,
  SignatureSettings,
  UpdateSignatureRequest,
  UpdateSignatureSettings,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors/app-error';
import { iso } from '../documents/vendor-access.service';
import { recordEvent } from './signature-events';
import { remindSignatories } from './signature-jobs';
import * as repo from './signatures.repository';
import { checkRequest, getRequest, requestOf, SEAL_JOB, viewOf, writePeople } from './signatures.service';

const HOUR_MS = 3_600_000;
const OPEN = ['waiting', 'in_progress'];

/** A stored draft as the creation body that would make it again. */
async function inputOf(ctx: AppContext, row: repo.RequestRow): Promise<CreateSignatureRequest> {
  const people = await repo.signatoriesOf(ctx.db, row.accountingFirmId, [row.id]);
  const fields = await repo.fieldsOf(ctx.db, row.accountingFirmId, [row.id]);
  return {
    document_id: row.documentId,
    version_id: row.versionId,
    name: row.name,
    message: row.message,
    ordering: row.ordering,
    expires_at: iso(row.expiresAt)!,
    reminder_every_days: row.reminderEveryDays,
    locale: row.locale,
    signatories: people.map((s) => {
      const own = fields
        .filter((f) => f.signatoryId === s.id)
        .map((f) => ({ page: f.page, x: f.x, y: f.y, width: f.width, height: f.height }));
      return s.userId
        ? { user_id: s.userId, fields: own }
        : {
            email: s.email,
            firstname: s.firstname,
            lastname: s.lastname,
            phone_number: s.phoneNumber,
            fields: own,
          };
    }),
  };
}

/**
 * Changes a draft: the given fields over the stored ones, checked as a creation is (a new
 * document without a version takes its latest); 409 `signature-request-not-draft` once sent.
 */
export async function updateDraft(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  id: number,
  patch: UpdateSignatureRequest,
): Promise<SignatureRequest> {
  const { scope, row } = await requestOf(ctx, actor, vendorId, id, 'signature.manage');
  if (row.status !== 'created') throw new AppError('signature-request-not-draft');
  const merged: CreateSignatureRequest = { ...(await inputOf(ctx, row)), ...patch };
  if (patch.document_id !== undefined && patch.version_id === undefined) delete merged.version_id;
  const checked = await checkRequest(ctx, scope.vendor, merged);
  const updated = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockRequest(tx, row.accountingFirmId, row.id);
    if (locked?.status !== 'created') throw new AppError('signature-request-not-draft');
    const values = {
      documentId: checked.doc.id,
      versionId: checked.version.id,
      sourceSha256: checked.version.blobKey,
      currentBlobKey: checked.version.blobKey,
      name: merged.name,
      message: merged.message ?? null,
      ordering: merged.ordering,
      locale: merged.locale ?? locked.locale,
      expiresAt: checked.expiresAt,
      reminderEveryDays: checked.reminderEveryDays,
    };
    await repo.updateRequest(tx, locked, values);
    if (patch.signatories) {
      await repo.deletePeople(tx, locked);
      await writePeople(tx, locked, checked.people);
    }
    return { ...locked, ...values };
  });
  return (await viewOf(ctx.db, [updated]))[0]!;
}

/**
 * The sender's "relancer": the signatories asked so far get the invitation again, unless one was
 * reminded within the hour (429 `signature-reminded-recently` with Retry-After).
 */
export async function remindRequest(ctx: AppContext, actor: Actor, vendorId: number, id: number) {
  const { row } = await requestOf(ctx, actor, vendorId, id, 'signature.manage');
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockRequest(tx, row.accountingFirmId, row.id);
    if (!locked || !OPEN.includes(locked.status))
      throw new AppError(
        locked?.status === 'created' ? 'signature-request-not-draft' : 'signature-request-closed',
      );
    const people = await repo.signatoriesOf(tx, locked.accountingFirmId, [locked.id]);
    const last = Math.max(0, ...people.map((s) => (s.remindedAt ? new Date(s.remindedAt).getTime() : 0)));
    const wait = last + HOUR_MS - Date.now();
    if (wait > 0)
      throw new AppError('signature-reminded-recently', { retryAfterSeconds: Math.ceil(wait / 1000) });
    await remindSignatories(ctx, tx, locked, { actorId: actor.userId });
  });
  ctx.outbox.kick();
  return getRequest(ctx, actor, vendorId, id);
}

/** Queues the seal again for a request whose sealing failed (`error`); 409 otherwise. */
export async function retryRequest(ctx: AppContext, actor: Actor, vendorId: number, id: number) {
  const { row } = await requestOf(ctx, actor, vendorId, id, 'signature.manage');
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockRequest(tx, row.accountingFirmId, row.id);
    if (locked?.status !== 'error') throw new AppError('signature-request-not-in-error');
    await repo.updateRequest(tx, locked, { status: 'finished', endReason: null });
    await recordEvent(tx, locked, 'retried', { data: { by: actor.userId } });
    await ctx.jobs.enqueue(tx, SEAL_JOB, { firmId: locked.accountingFirmId, requestId: locked.id });
  });
  return getRequest(ctx, actor, vendorId, id);
}

// Portal settings ---------------------------------------------------------------------------------

async function settingsOf(ctx: AppContext, firmId: number): Promise<SignatureSettings> {
  const row = await repo.signatureSettings(ctx.db, firmId);
  if (!row) throw new AppError('not-found');
  return {
    default_expiry_days: row.expiryDays,
    default_reminder_every_days: row.reminderDays,
    code_for_members: row.codeForMembers,
    signature_balance: row.balance,
  };
}

/**
 * The portal's signature defaults and balance, for its members (client users' requests get the
 * defaults from the server when they leave them out).
 */
export async function getSettings(ctx: AppContext, actor: Actor, firmId: number) {
  await ctx.access.authorize(actor, 'firm.read', { kind: 'firm', accountingFirmId: firmId });
  return settingsOf(ctx, firmId);
}

/** Changes the defaults (firm administrators); the balance is the super admin's. */
export async function updateSettings(
  ctx: AppContext,
  actor: Actor,
  firmId: number,
  input: UpdateSignatureSettings,
) {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId: firmId });
  await repo.updateSignatureSettings(ctx.db, firmId, {
    ...(input.default_expiry_days === undefined ? {} : { signatureExpiryDays: input.default_expiry_days }),
    ...(input.default_reminder_every_days === undefined
      ? {}
      : { signatureReminderDays: input.default_reminder_every_days }),
    ...(input.code_for_members === undefined ? {} : { signatureCodeForMembers: input.code_for_members }),
  });
  return settingsOf(ctx, firmId);
}
