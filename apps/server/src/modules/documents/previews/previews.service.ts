import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extensionOf, isOfficePreviewable, type PreviewStatus } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors/app-error';
import type { Download } from '../documents/documents.service';
import { contentDisposition } from '../documents/file-types';
import * as docs from '../tree/tree.service';
import { markOpened } from '../unread/unread.service';
import { authorizeVendor } from '../vendor-access.service';
import * as repo from './previews.repository';

/** Larger office files are not converted (LibreOffice's time and memory grow with them). */
export const PREVIEW_MAX_SOURCE_BYTES = 100 * 1000 * 1000;
/** A failed conversion is tried again after this long (a fixed file, a newer LibreOffice). */
const RETRY_FAILED_AFTER_MS = 24 * 60 * 60 * 1000;

/** The document and its latest version (or `versionId`) for a reader, or 404. */
async function readableVersion(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  documentId: number,
  versionId: number | undefined,
) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  const doc = await docs.findDocument(ctx.db, scope.vendor, documentId);
  if (!doc || doc.deletedAt || doc.currentVersionId === null) throw new AppError('not-found');
  const version = await docs.findVersion(ctx.db, scope.vendor, doc.id, versionId ?? doc.currentVersionId);
  if (!version) throw new AppError('not-found');
  return { scope, doc, version };
}

/** Copies the source blob to a temporary file, converts it, stores the PDF as a blob. */
async function convert(ctx: AppContext, sourceKey: string, extension: string): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-preview-'));
  try {
    const input = path.join(dir, `source.${extension}`);
    await pipeline(await ctx.blobs.get(sourceKey), createWriteStream(input));
    const pdf = await ctx.converter.toPdf(input, path.join(dir, 'out'));
    const stored = await ctx.blobs.put(createReadStream(pdf));
    await repo.savePreview(ctx.db, sourceKey, stored);
  } catch (error) {
    await repo.saveFailure(ctx.db, sourceKey, error instanceof Error ? error.message : String(error));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function start(ctx: AppContext, sourceKey: string, extension: string): Promise<void> {
  const mine = ctx.previews.running;
  const existing = mine.get(sourceKey);
  if (existing) return existing;
  const job = convert(ctx, sourceKey, extension)
    .catch(() => undefined)
    .finally(() => mine.delete(sourceKey));
  mine.set(sourceKey, job);
  return job;
}

/**
 * Where the PDF preview of an office document's version stands. Asking starts the conversion
 * (in the background, one at a time per process) when LibreOffice is there and none was made:
 * the answer is then `pending`, to be asked again.
 */
export async function previewStatus(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  documentId: number,
  versionId?: number,
): Promise<PreviewStatus> {
  const { doc, version } = await readableVersion(ctx, actor, vendorId, documentId, versionId);
  const extension = extensionOf(doc.name);
  if (!isOfficePreviewable(extension) || version.size > PREVIEW_MAX_SOURCE_BYTES) return 'not-convertible';
  const row = await repo.findPreview(ctx.db, version.blobKey);
  if (row?.pdfKey) return 'ready';
  if (!ctx.converter.binary) return 'no-converter';
  if (ctx.previews.running.has(version.blobKey)) return 'pending';
  if (row?.failedAt && Date.now() - row.failedAt.getTime() < RETRY_FAILED_AFTER_MS) return 'failed';
  void start(ctx, version.blobKey, extension.toLowerCase());
  return 'pending';
}

/** The converted PDF of a version, streamed (404 until `previewStatus` says `ready`). */
export async function previewContent(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  documentId: number,
  versionId?: number,
): Promise<Download> {
  const { scope, doc, version } = await readableVersion(ctx, actor, vendorId, documentId, versionId);
  const row = await repo.findPreview(ctx.db, version.blobKey);
  if (!row?.pdfKey) throw new AppError('not-found');
  const stream = await ctx.blobs.get(row.pdfKey);
  await markOpened(ctx, scope.vendor, doc.id, actor.userId);
  ctx.audit.recordRead({
    accountingFirmId: scope.vendor.accountingFirmId,
    vendorId: scope.vendor.id,
    actorUserId: actor.userId,
    action: 'document.viewed',
    subject: { type: 'document', id: doc.id, name: doc.name },
    details: { version_id: version.id, preview: true },
  });
  const stem = doc.name.includes('.') ? doc.name.slice(0, doc.name.lastIndexOf('.')) : doc.name;
  return {
    stream,
    size: row.pdfSize ?? 0,
    type: 'application/pdf',
    disposition: contentDisposition('inline', `${stem}.pdf`),
  };
}

/** A source blob goes: its PDF preview's row with it, the PDF queued for the cleanup (another content may share it). */
export async function dropPreviewOf(tx: Db, sourceKey: string): Promise<void> {
  const pdf = await repo.dropPreview(tx, sourceKey);
  if (pdf) await docs.queueBlob(tx, pdf);
}

/** The key of a content's PDF preview, when LibreOffice made one (the search reads its text). */
export async function previewPdfOf(db: Db, sourceKey: string): Promise<string | null> {
  return (await repo.findPreview(db, sourceKey))?.pdfKey ?? null;
}
