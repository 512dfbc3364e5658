import type { Db } from '../../../db/client';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { DOCUMENT_TEXT_JOB, type DocumentTextJob } from '../search/text-job';
import type { VendorRef } from '../vendor-ref';
import * as docs from './documents.repository';

/** What of a filing's transaction (`filing.InTx`) the replacement needs. */
type Filing = {
  tx: Db;
  vendor: VendorRef;
  jobs: JobQueue | null;
  log: { versions: { documentId: number; versionId: number }[] };
};
type Content = { blobKey: string; size: number; md5: string; mimeType?: string };

/**
 * Puts `content` in place of a locked document's empty first version when `authorId` wrote it
 * and nobody validated it (a drive's copy begins with a 0-byte PUT, or a LOCK on a new name):
 * the version, or null when the rule does not apply (the caller adds a version then).
 */
export async function replaceEmpty(
  f: Filing,
  doc: docs.DocumentRow,
  content: Content,
  authorId: number,
): Promise<docs.VersionRow | null> {
  if (!f.jobs) throw new Error('a content filing needs the job queue (filingIn(tx, scope, ctx.jobs))');
  const current = await docs.findVersion(f.tx, f.vendor, doc.id, doc.currentVersionId!);
  if (!current || current.ancestorId !== null || current.size !== 0) return null;
  if (current.authorId !== authorId || current.validatedAt) return null;
  await docs.unqueueBlob(f.tx, content.blobKey);
  const job: DocumentTextJob = { key: content.blobKey, name: doc.name };
  await f.jobs.enqueue(f.tx, DOCUMENT_TEXT_JOB, job);
  const version = await docs.replaceVersionContent(f.tx, f.vendor, current.id, {
    blobKey: content.blobKey,
    size: content.size,
    md5: content.md5,
    mimeType: content.mimeType ?? current.mimeType,
  });
  await docs.updateDocument(f.tx, f.vendor, doc.id, {});
  if (current.blobKey !== content.blobKey) await docs.queueBlob(f.tx, current.blobKey);
  f.log.versions.push({ documentId: doc.id, versionId: version.id });
  return version;
}
