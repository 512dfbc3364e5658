import { createHash } from 'node:crypto';
import { encodeContext, type Locale } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { fileContent } from '../documents/tree/filing.service';
import * as tree from '../documents/tree/tree.service';
import { signingKeyOf } from './certificates.service';
import { appendAuditPages } from './pades/audit-pages';
import { signRevision } from './pades/pdf-revision';
import { dropIntermediatePdfs } from './request-blobs';
import { recordEvent } from './signature-events';
import { endedMail } from './signature-mails';
import { emitSignature } from './signatures.events';
import * as repo from './signatures.repository';
import { readBlob, SEAL_JOB, storeBlob } from './signatures.service';

/** `attempt` counts from 1 (absent: the first, as the send, the last signature and a retry queue it). */
export type SealJob = { firmId: number; requestId: number; attempt?: number };

/**
 * A failed seal (a disk, a store or the certificate briefly unavailable) is tried again through
 * the queue, after 1 then 5 minutes; the third failure leaves the request in `error`.
 */
export const SEAL_ATTEMPTS = 3;
export const SEAL_RETRY_SECONDS = [60, 300] as const;

const LABELS = {
  fr: {
    title: "Piste d'audit",
    doc: 'Document',
    sha: "SHA-256 d'origine",
    signers: 'Signataires',
    events: 'Événements',
    chain: 'Tête de la chaîne',
  },
  en: {
    title: 'Audit trail',
    doc: 'Document',
    sha: 'Original SHA-256',
    signers: 'Signatories',
    events: 'Events',
    chain: 'Head of the chain',
  },
  pt: {
    title: 'Trilha de auditoria',
    doc: 'Documento',
    sha: 'SHA-256 original',
    signers: 'Signatários',
    events: 'Eventos',
    chain: 'Cabeça da cadeia',
  },
} as const;
const SIGNED_SUFFIX = { fr: 'signé', en: 'signed', pt: 'assinado' } as const;
const METHOD = { account: 'account', email_code: 'email code' } as const;

async function auditLines(ctx: AppContext, request: repo.RequestRow, portalName: string): Promise<string[]> {
  const l = LABELS[request.locale];
  const people = await repo.signatoriesOf(ctx.db, request.accountingFirmId, [request.id]);
  const events = await repo.eventsOf(ctx.db, request.accountingFirmId, request.id);
  const who = new Map(people.map((p) => [p.id, `${p.firstname} ${p.lastname}`]));
  const at = (d: Date | string | null) => (d ? new Date(d).toISOString() : '-');
  return [
    `${portalName} - ${l.title}`,
    '',
    `${l.doc}: ${request.name}`,
    `${l.sha}: ${request.sourceSha256.toLowerCase()}`,
    '',
    `${l.signers}:`,
    ...people.map(
      (p) =>
        `${p.position}. ${p.firstname} ${p.lastname} <${p.email}> - ${p.method ? METHOD[p.method] : '-'} - ` +
        `${p.ipAddress ?? '-'} - asked ${at(p.askedAt)} - signed ${at(p.signedAt)}`,
    ),
    '',
    `${l.events}:`,
    ...events.map(
      (e) =>
        `${at(e.at)} ${e.kind}${e.signatoryId ? ` (${who.get(e.signatoryId) ?? e.signatoryId})` : ''}` +
        `${e.ipAddress ? ` ${e.ipAddress}` : ''} ${e.hash.slice(0, 16)}`,
    ),
    '',
    `${l.chain}: ${events[events.length - 1]?.hash ?? '-'}`,
  ];
}

/** `NAME (signé).pdf`, cut to the spec's 190 characters. */
export function signedName(documentName: string, locale: Locale): string {
  const base = documentName.replace(/\.pdf$/i, '');
  const suffix = ` (${SIGNED_SUFFIX[locale]}).pdf`;
  return `${base.slice(0, 190 - suffix.length)}${suffix}`;
}

/**
 * The `signature-seal` job: the audit trail pages and the portal's seal in one last revision,
 * then the result filed as a new version of the same document, and everyone told. A failure is
 * tried again later (`SEAL_ATTEMPTS`); the last leaves the request in `error` (the sender is told
 * and may retry).
 */
export async function sealRequest(ctx: AppContext, job: SealJob): Promise<void> {
  const vendorOf = (r: repo.RequestRow) => ({ id: r.vendorId, accountingFirmId: r.accountingFirmId });
  const request = await repo.findRequestById(ctx.db, job.firmId, job.requestId);
  if (!request || request.status !== 'finished') return;
  try {
    const portal = await repo.portal(ctx.db, job.firmId);
    const key = await signingKeyOf(ctx, job.firmId);
    const lines = await auditLines(ctx, request, portal?.name ?? '');
    const sealed = await signRevision(
      await readBlob(ctx, request.currentBlobKey),
      {
        fieldName: `Seal ${request.id}`,
        signerName: portal?.name ?? '',
        reason: `Audit trail and seal: ${request.name}`,
        date: new Date(),
        appearance: null,
        before: (doc, mark) => appendAuditPages(doc, mark, lines),
      },
      key,
    );
    const blob = await storeBlob(ctx, sealed);
    const doc = await tree.findDocument(ctx.db, vendorOf(request), request.documentId);
    if (!doc || doc.deletedAt) throw new Error('the document is gone');
    const filer = request.createdBy
      ? { userId: request.createdBy }
      : { userId: null, system: 'signature' as const };
    await fileContent(
      ctx,
      { vendor: vendorOf(request), by: filer, mayForce: true },
      doc.folderId,
      doc.name,
      { blob: { key: blob.key, size: blob.size, md5: createHash('md5').update(sealed).digest('hex') } },
      {
        conflict: 'version',
        originalName: signedName(doc.name, request.locale),
        within: async (tx, filed) => {
          const locked = await repo.lockRequest(tx, job.firmId, request.id);
          if (locked?.status !== 'finished') throw new Error('the request changed meanwhile');
          await repo.updateRequest(tx, locked, {
            status: 'completed',
            signedVersionId: filed.versionId,
            currentBlobKey: blob.key,
            endedAt: new Date(),
          });
          await dropIntermediatePdfs(tx, locked, [blob.key]);
          await recordEvent(tx, locked, 'completed', {
            data: { version_id: filed.versionId, sha256: blob.key },
          });
          await tellCompleted(ctx, tx, locked);
        },
      },
    );
    emitSignature(ctx, 'completed', request);
    ctx.outbox.kick();
  } catch (error) {
    const attempt = job.attempt ?? 1;
    const message = String((error as Error).message ?? error).slice(0, 300);
    await ctx.db.transaction(async (tx) => {
      const locked = await repo.lockRequest(tx, job.firmId, request.id);
      if (locked?.status !== 'finished') return;
      if (attempt < SEAL_ATTEMPTS) {
        const delay = SEAL_RETRY_SECONDS[Math.min(attempt, SEAL_RETRY_SECONDS.length) - 1] ?? 300;
        await ctx.jobs.enqueue(
          tx,
          SEAL_JOB,
          { firmId: job.firmId, requestId: request.id, attempt: attempt + 1 },
          { startAfter: new Date(Date.now() + delay * 1000) },
        );
        return;
      }
      await repo.updateRequest(tx, locked, {
        status: 'error',
        endReason: message,
      });
      await recordEvent(tx, locked, 'error', { data: { message, attempts: attempt } });
      await tellError(ctx, tx, locked);
    });
    ctx.outbox.kick();
  }
}

/** The sender learns that sealing failed, and may retry. */
async function tellError(
  ctx: AppContext,
  tx: Parameters<typeof repo.updateRequest>[0],
  request: repo.RequestRow,
) {
  const sender = request.createdBy ? (await repo.usersByIds(tx, [request.createdBy]))[0] : undefined;
  if (!sender) return;
  const portal = await repo.portal(tx, request.accountingFirmId);
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  const mail = endedMail((sender.locale ?? request.locale) as Locale, 'error', {
    portal: portal?.name ?? '',
    title: request.name,
    link: `${base}/signatures/${encodeContext(request.accountingFirmId, request.vendorId)}`,
    reason: null,
  });
  await ctx.outbox.enqueue(tx, 'mail', { to: sender.email, ...mail });
}

async function tellCompleted(
  ctx: AppContext,
  tx: Parameters<typeof repo.updateRequest>[0],
  request: repo.RequestRow,
) {
  const portal = await repo.portal(tx, request.accountingFirmId);
  const people = await repo.signatoriesOf(tx, request.accountingFirmId, [request.id]);
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  const inApp = `${base}/signatures/${encodeContext(request.accountingFirmId, request.vendorId)}`;
  const sender = request.createdBy ? (await repo.usersByIds(tx, [request.createdBy]))[0] : undefined;
  const recipients = people.map((p) => ({
    to: p.email,
    locale: (p.locale ?? request.locale) as Locale,
    link: p.userId ? inApp : null,
  }));
  if (sender && !people.some((p) => p.email === sender.email.toLowerCase()))
    recipients.push({ to: sender.email, locale: (sender.locale ?? request.locale) as Locale, link: inApp });
  for (const r of recipients) {
    const mail = endedMail(r.locale, 'completed', {
      portal: portal?.name ?? '',
      title: request.name,
      link: r.link,
      reason: null,
    });
    await ctx.outbox.enqueue(tx, 'mail', { to: r.to, ...mail });
  }
}
