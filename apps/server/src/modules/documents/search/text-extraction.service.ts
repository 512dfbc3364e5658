import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extensionOf } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { previewPdfOf } from '../previews/previews.service';
import { extractText } from './extract-text';
import { DOCUMENT_TEXT_JOB, type DocumentTextJob } from './text-job';
import * as repo from './texts.repository';

/** Walks the contents filed before the search (or read while a tool was missing), by batches. */
export const DOCUMENT_TEXT_BACKFILL_JOB = 'document-text-backfill';
/**
 * The backfill's reading jobs: the `document-text` job's work on a queue of their own, so a
 * fresh upload's text (`document-text`, its own worker) never waits behind a backfill's
 * thousands of contents (docs/decisions.md, "Search at a million documents").
 */
export const DOCUMENT_TEXT_BACKLOG_JOB = 'document-text-backlog';
const BACKFILL_BATCH = 500;
/** Larger contents are not read (the tools' time and memory grow with them). */
const MAX_SOURCE_BYTES = 200 * 1000 * 1000;

const retryable = (row: repo.TextRow) => row.method === 'none' && (row.error ?? '').startsWith('missing ');

/**
 * Reads a content's text once (the `document-text` job): copied from the blob store to a
 * temporary folder, read by `extract-text.ts`, stored by its key; the index's trigger then
 * refreshes every live document whose current version it is.
 */
export async function readContentText(ctx: AppContext, job: DocumentTextJob): Promise<void> {
  const existing = await repo.findText(ctx.db, job.key);
  if (existing && !retryable(existing)) return;
  if (!(await ctx.blobs.has(job.key))) return;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-text-'));
  try {
    const extension = extensionOf(job.name)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 10);
    const input = path.join(dir, `source.${extension || 'bin'}`);
    await pipeline(await ctx.blobs.get(job.key), createWriteStream(input));
    if ((await fs.stat(input)).size > MAX_SOURCE_BYTES) {
      await repo.saveText(ctx.db, job.key, {
        content: '',
        method: 'none',
        pages: null,
        language: 'french',
        error: 'too large',
      });
      return;
    }
    let previewPdf: string | null = null;
    const pdfKey = await previewPdfOf(ctx.db, job.key);
    if (pdfKey && (await ctx.blobs.has(pdfKey))) {
      previewPdf = path.join(dir, 'preview.pdf');
      await pipeline(await ctx.blobs.get(pdfKey), createWriteStream(previewPdf));
    }
    const text = await extractText(input, extension, dir, { converter: ctx.converter, previewPdf });
    await repo.saveText(ctx.db, job.key, text);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Queues the reading of a batch of unread contents, and the next batch while there may be more. */
export async function backfillTexts(ctx: AppContext, after = ''): Promise<number> {
  const batch = await repo.contentsWithoutText(ctx.db, after, BACKFILL_BATCH);
  if (batch.length === 0) return 0;
  await ctx.db.transaction(async (tx) => {
    for (const item of batch)
      await ctx.jobs.enqueue(tx, DOCUMENT_TEXT_BACKLOG_JOB, item satisfies DocumentTextJob);
    if (batch.length === BACKFILL_BATCH)
      await ctx.jobs.enqueue(tx, DOCUMENT_TEXT_BACKFILL_JOB, { after: batch.at(-1)!.key });
  });
  return batch.length;
}

export function registerTextJobs(ctx: AppContext): void {
  ctx.jobs.register(DOCUMENT_TEXT_JOB, async (data) => readContentText(ctx, data as DocumentTextJob));
  ctx.jobs.register(DOCUMENT_TEXT_BACKLOG_JOB, async (data) => readContentText(ctx, data as DocumentTextJob));
  ctx.jobs.register(
    DOCUMENT_TEXT_BACKFILL_JOB,
    async (data) => void (await backfillTexts(ctx, (data as { after?: string }).after ?? '')),
  );
}

/** Queues the backfill (each process at start: idempotent, the contents read once). */
export async function startTextBackfill(ctx: AppContext): Promise<void> {
  await ctx.jobs.enqueue(ctx.db, DOCUMENT_TEXT_BACKFILL_JOB, {});
}

/** A source blob goes: its text with it. */
export const dropTextOf = (tx: Db, sourceKey: string) => repo.dropText(tx, sourceKey);
