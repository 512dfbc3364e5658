import type { CreateSignatureRequest, Locale, Paginated, SignatureRequest } from '@portal/contracts';
import { SIGNATURE_LIMITS } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, type FieldErrors, fieldError } from '../../platform/errors/app-error';
import { paginated } from '../../platform/http/pagination';
import * as tree from '../documents/tree/tree.service';
import { authorizeVendor, iso } from '../documents/vendor-access.service';
import { requireModule } from './module-gate';
import { inspectPdf } from './pades/pdf-inspect';
import { dropIntermediatePdfs, readBlob } from './request-blobs';
import { recordEvent } from './signature-events';
import { endedMail } from './signature-mails';
import { scheduleJobs } from './signature-schedule';
import { emitSignature } from './signatures.events';
import * as repo from './signatures.repository';

export const PAGE_SIZE = 15;
export const INVITE_MAIL = 'signature-invite';
export const SEAL_JOB = 'signature-seal';

const DAY = 86_400_000;

/** The person as the access module sees them, for checking a signatory's place (no session). */
const personActor = (userId: number): Actor => ({
  userId,
  isSuperAdmin: false,
  sessionId: 0,
  familyId: '',
  expiresAt: new Date(Date.now() + DAY),
  boundFirmId: null,
});

/** Whether a person reaches the client file (a member with access to it, or one of its users). */
export async function reachesVendor(ctx: AppContext, userId: number, vendorId: number): Promise<boolean> {
  const grant = await ctx.access.grantFor(personActor(userId), { kind: 'vendor', vendorId });
  return grant.roles.length > 0;
}

/** Reads a blob whole (the PDFs of a request are at most 50 MB, and signing needs them whole). */
export { readBlob, storeBlob } from './request-blobs';

export async function viewOf(db: Db, rows: repo.RequestRow[]): Promise<SignatureRequest[]> {
  if (rows.length === 0) return [];
  const firmId = rows[0]!.accountingFirmId;
  const ids = rows.map((r) => r.id);
  const people = await repo.signatoriesOf(db, firmId, ids);
  const fields = await repo.fieldsOf(db, firmId, ids);
  const out: SignatureRequest[] = [];
  for (const r of rows) {
    out.push({
      id: r.id,
      vendor_id: r.vendorId,
      name: r.name,
      message: r.message,
      status: r.status,
      ordering: r.ordering,
      locale: r.locale,
      document_id: r.documentId,
      version_id: r.versionId,
      version_number: await repo.versionNumber(db, firmId, r.documentId, r.versionId),
      source_sha256: r.sourceSha256,
      signed_version_id: r.signedVersionId,
      expires_at: iso(r.expiresAt)!,
      reminder_every_days: r.reminderEveryDays,
      origin: r.originKind ? { kind: r.originKind, id: r.originId } : null,
      created_by: r.createdBy,
      created_at: iso(r.createdAt)!,
      sent_at: iso(r.sentAt),
      ended_at: iso(r.endedAt),
      end_reason: r.endReason,
      signatories: people
        .filter((s) => s.requestId === r.id)
        .map((s) => ({
          id: s.id,
          position: s.position,
          user_id: s.userId,
          firstname: s.firstname,
          lastname: s.lastname,
          email: s.email,
          phone_number: s.phoneNumber,
          status: s.status,
          signed_at: iso(s.signedAt),
          refused_at: iso(s.refusedAt),
          fields: fields
            .filter((f) => f.signatoryId === s.id)
            .map((f) => ({ id: f.id, page: f.page, x: f.x, y: f.y, width: f.width, height: f.height })),
        })),
    });
  }
  return out;
}

export async function requestOf(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  id: number,
  action: 'signature.read' | 'signature.manage',
) {
  const scope = await authorizeVendor(ctx, actor, vendorId, action);
  const row = await repo.findRequest(ctx.db, scope.vendor, id);
  // A request on a document the person does not see (its folder's themes) is absent too.
  if (!row || !(await tree.findDocument(ctx.db, scope.vendor, row.documentId)))
    throw new AppError('not-found');
  return { scope, row };
}

/** Checks a new request against the document and the rules; the signatories as they will be stored. */
export async function checkRequest(ctx: AppContext, vendor: tree.VendorRef, input: CreateSignatureRequest) {
  const doc = await tree.findDocument(ctx.db, vendor, input.document_id);
  if (!doc || doc.deletedAt) throw fieldError('validation-failed', 'document_id', 'invalid-id');
  const versionId = input.version_id ?? doc.currentVersionId;
  const version = versionId ? await tree.findVersion(ctx.db, vendor, doc.id, versionId) : undefined;
  if (!version) throw fieldError('validation-failed', 'version_id', 'invalid-id');
  if (version.mimeType !== 'application/pdf' && !/\.pdf$/i.test(doc.name))
    throw fieldError('signature-pdf-only', 'document_id');
  if (version.size > SIGNATURE_LIMITS.pdfBytes) throw fieldError('pdf-too-large', 'document_id');
  const inspected = await inspectPdf(await readBlob(ctx, version.blobKey));
  if ('problem' in inspected) throw fieldError(inspected.problem, 'document_id');
  if (inspected.pages > SIGNATURE_LIMITS.pdfPages) throw fieldError('pdf-too-large', 'document_id');

  const now = Date.now();
  const defaults = await repo.signatureSettings(ctx.db, vendor.accountingFirmId);
  const expiresAt = input.expires_at
    ? new Date(input.expires_at)
    : new Date(now + (defaults?.expiryDays ?? SIGNATURE_LIMITS.defaultExpiryDays) * DAY);
  const reminderEveryDays =
    input.reminder_every_days === undefined ? (defaults?.reminderDays ?? null) : input.reminder_every_days;
  if (expiresAt.getTime() <= now || expiresAt.getTime() > now + SIGNATURE_LIMITS.maxExpiryDays * DAY)
    throw fieldError('validation-failed', 'expires_at', 'out-of-range');

  const accountIds = input.signatories.flatMap((s) => ('user_id' in s ? [s.user_id] : []));
  const accounts = new Map((await repo.usersByIds(ctx.db, accountIds)).map((u) => [u.id, u]));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  const people = [];
  for (const [n, s] of input.signatories.entries()) {
    let person: {
      userId: number | null;
      email: string;
      firstname: string;
      lastname: string;
      phone: string | null;
      locale: Locale | null;
    };
    if ('user_id' in s) {
      const user = accounts.get(s.user_id);
      if (!user || !(await reachesVendor(ctx, s.user_id, vendor.id))) {
        errors[`signatories.${n}.user_id`] = ['signatory-not-allowed'];
        continue;
      }
      person = {
        userId: user.id,
        email: user.email.toLowerCase(),
        firstname: user.firstname ?? '',
        lastname: user.lastname ?? user.email,
        phone: null,
        locale: user.locale,
      };
    } else {
      person = {
        userId: null,
        email: s.email,
        firstname: s.firstname,
        lastname: s.lastname,
        phone: s.phone_number ?? null,
        locale: null,
      };
    }
    if (seen.has(person.email)) errors[`signatories.${n}`] = ['signatory-already-exists'];
    seen.add(person.email);
    if (s.fields.length !== 1) errors[`signatories.${n}.fields`] = ['one-signature-per-signatory'];
    for (const [m, f] of s.fields.entries())
      if (f.page > inspected.pages) errors[`signatories.${n}.fields.${m}.page`] = ['signature-page-missing'];
    people.push({ person, fields: s.fields });
  }
  const codes = Object.values(errors).flat();
  if (codes.length) {
    // The spec's own code when it is the only kind of problem; field errors either way.
    const only = new Set(codes);
    const code = only.size === 1 ? ([...only][0] as string) : 'validation-failed';
    const known = ['signatory-already-exists', 'one-signature-per-signatory', 'signatory-not-allowed'];
    throw new AppError(known.includes(code) ? (code as 'signatory-already-exists') : 'validation-failed', {
      fields: errors,
    });
  }
  return { doc, version, expiresAt, reminderEveryDays, people };
}

/** A request's signatories and their fields, in order. */
export async function writePeople(
  tx: Db,
  request: repo.RequestRow,
  people: Awaited<ReturnType<typeof checkRequest>>['people'],
): Promise<void> {
  for (const [position, { person, fields }] of people.entries()) {
    const signatory = await repo.insertSignatory(tx, {
      accountingFirmId: request.accountingFirmId,
      requestId: request.id,
      position: position + 1,
      userId: person.userId,
      firstname: person.firstname,
      lastname: person.lastname,
      email: person.email,
      phoneNumber: person.phone,
      locale: person.locale,
    });
    await repo.insertFields(
      tx,
      fields.map((f) => ({
        accountingFirmId: request.accountingFirmId,
        requestId: request.id,
        signatoryId: signatory.id,
        ...f,
      })),
    );
  }
}

export async function createRequest(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: CreateSignatureRequest,
  locale: Locale,
): Promise<SignatureRequest> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'signature.manage');
  await requireModule(ctx, scope.vendor);
  const checked = await checkRequest(ctx, scope.vendor, input);
  const row = await ctx.db.transaction(async (tx) => {
    const request = await repo.insertRequest(tx, {
      accountingFirmId: scope.vendor.accountingFirmId,
      vendorId,
      documentId: checked.doc.id,
      versionId: checked.version.id,
      sourceSha256: checked.version.blobKey,
      currentBlobKey: checked.version.blobKey,
      name: input.name,
      message: input.message ?? null,
      ordering: input.ordering,
      locale: input.locale ?? locale,
      expiresAt: checked.expiresAt,
      reminderEveryDays: checked.reminderEveryDays,
      createdBy: actor.userId,
    });
    await writePeople(tx, request, checked.people);
    await recordEvent(tx, request, 'created', {
      data: {
        by: actor.userId,
        document_id: checked.doc.id,
        version_id: checked.version.id,
        sha256: checked.version.blobKey,
      },
    });
    return request;
  });
  return (await viewOf(ctx.db, [row]))[0]!;
}

export async function listRequests(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  query: { 'status[]'?: string[]; search?: string; page: number },
): Promise<Paginated<SignatureRequest>> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'signature.read');
  const { rows, total } = await repo.listRequests(
    ctx.db,
    scope.vendor,
    { statuses: query['status[]'], search: query.search },
    { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE },
  );
  return paginated(await viewOf(ctx.db, rows), { page: query.page, per_page: PAGE_SIZE }, total);
}

export async function getRequest(ctx: AppContext, actor: Actor, vendorId: number, id: number) {
  const { row } = await requestOf(ctx, actor, vendorId, id, 'signature.read');
  return (await viewOf(ctx.db, [row]))[0]!;
}

export async function deleteRequest(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  id: number,
): Promise<void> {
  const { row } = await requestOf(ctx, actor, vendorId, id, 'signature.manage');
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockRequest(tx, row.accountingFirmId, row.id);
    if (locked?.status !== 'created') throw new AppError('signature-request-not-draft');
    await repo.deleteRequest(tx, row);
  });
}

/** Asks the signatories whose turn it is: the next one (sequential) or every one (parallel). */
export async function askNext(ctx: AppContext, tx: Db, request: repo.RequestRow): Promise<void> {
  const people = await repo.signatoriesOf(tx, request.accountingFirmId, [request.id]);
  const waiting = people.filter((s) => s.status === 'waiting');
  const asked = request.ordering === 'parallel' ? waiting : waiting.slice(0, 1);
  if (request.ordering === 'sequential' && people.some((s) => s.status === 'in_progress')) return;
  for (const s of asked) {
    await repo.updateSignatory(tx, s, { status: 'in_progress', askedAt: new Date() });
    await recordEvent(tx, request, 'asked', { signatoryId: s.id });
    await ctx.outbox.enqueue(tx, INVITE_MAIL, { firmId: request.accountingFirmId, signatoryId: s.id });
  }
}

export async function sendRequest(ctx: AppContext, actor: Actor, vendorId: number, id: number) {
  const { row } = await requestOf(ctx, actor, vendorId, id, 'signature.manage');
  await requireModule(ctx, { id: vendorId, accountingFirmId: row.accountingFirmId });
  const sent = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockRequest(tx, row.accountingFirmId, row.id);
    if (locked?.status !== 'created') throw new AppError('signature-request-not-draft');
    const doc = await tree.findDocument(
      tx,
      { id: vendorId, accountingFirmId: row.accountingFirmId },
      row.documentId,
    );
    if (!doc || doc.deletedAt) throw fieldError('validation-failed', 'document_id', 'invalid-id');
    // One of the portal's balance, under its row lock: two sends never spend the last one twice.
    if (!(await repo.spendSignature(tx, row.accountingFirmId)))
      throw new AppError('insufficient-signature-balance');
    const now = new Date();
    await repo.updateRequest(tx, locked, { status: 'waiting', sentAt: now });
    await recordEvent(tx, locked, 'sent', { data: { by: actor.userId } });
    await askNext(ctx, tx, locked);
    await scheduleJobs(ctx, tx, locked, now);
    return locked;
  });
  emitSignature(ctx, 'sent', sent, { actorId: actor.userId });
  ctx.outbox.kick();
  return getRequest(ctx, actor, vendorId, id);
}

export async function cancelRequest(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  id: number,
  reason: string,
) {
  const { row } = await requestOf(ctx, actor, vendorId, id, 'signature.manage');
  const canceled = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockRequest(tx, row.accountingFirmId, row.id);
    if (!locked || !['waiting', 'in_progress', 'error'].includes(locked.status))
      throw new AppError(
        locked?.status === 'created' ? 'signature-request-not-draft' : 'signature-request-closed',
      );
    await endRequest(ctx, tx, locked, 'canceled', reason);
    await recordEvent(tx, locked, 'canceled', { data: { by: actor.userId, reason } });
    return locked;
  });
  emitSignature(ctx, 'canceled', canceled, { actorId: actor.userId });
  ctx.outbox.kick();
  return getRequest(ctx, actor, vendorId, id);
}

/** Ends a request without its signatures (those not signed become `notsigned` and are told). */
export async function endRequest(
  ctx: AppContext,
  tx: Db,
  request: repo.RequestRow,
  status: 'canceled' | 'refused' | 'expired',
  reason: string | null,
): Promise<void> {
  const ended = { status, endedAt: new Date(), endReason: reason, currentBlobKey: request.sourceSha256 };
  await repo.updateRequest(tx, request, ended);
  await dropIntermediatePdfs(tx, request, []); // the PDFs signed so far: it holds its source again
  const people = await repo.signatoriesOf(tx, request.accountingFirmId, [request.id]);
  const portal = await repo.portal(tx, request.accountingFirmId);
  const told = new Set<string>();
  for (const s of people) {
    if (s.status === 'waiting' || s.status === 'in_progress')
      await repo.updateSignatory(tx, s, { status: 'notsigned' });
    // Those asked so far and those who signed learn that it ended.
    if (s.status !== 'waiting' && status !== 'expired') told.add(`${s.email}|${s.locale ?? request.locale}`);
  }
  const sender = request.createdBy ? (await repo.usersByIds(tx, [request.createdBy]))[0] : undefined;
  if (sender) told.add(`${sender.email}|${sender.locale ?? request.locale}`);
  const kind = status;
  for (const entry of told) {
    const [to, locale] = entry.split('|') as [string, Locale];
    const mail = endedMail(locale, kind, {
      portal: portal?.name ?? '',
      title: request.name,
      link: null,
      reason,
    });
    await ctx.outbox.enqueue(tx, 'mail', { to, ...mail });
  }
}
