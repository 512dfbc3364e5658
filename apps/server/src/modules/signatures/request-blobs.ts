import { Readable } from 'node:stream';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import * as tree from '../documents/tree/tree.service';
import * as repo from './signatures.repository';

/** A request's PDF, whole. */
export async function readBlob(ctx: AppContext, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.blobs.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function storeBlob(ctx: AppContext, bytes: Buffer) {
  return ctx.blobs.put(Readable.from([bytes]));
}

/**
 * Once a request ends (completed, canceled, refused, expired), the PDFs it went through (one per
 * signature: each `signed` event's `sha256_after`, and the one it holds) go to the blob cleanup's
 * queue, but for the source version's content and `keep` (the sealed PDF). The cleanup deletes a
 * blob only when no registered column names it any more (db/blob-references.ts).
 */
export async function dropIntermediatePdfs(tx: Db, request: repo.RequestRow, keep: string[]): Promise<void> {
  const keys = new Set<string>([request.currentBlobKey]);
  for (const e of await repo.eventsOf(tx, request.accountingFirmId, request.id)) {
    const after = e.kind === 'signed' ? (e.data as { sha256_after?: unknown } | null)?.sha256_after : null;
    if (typeof after === 'string') keys.add(after);
  }
  keys.delete(request.sourceSha256);
  for (const key of keep) keys.delete(key);
  for (const key of keys) await tree.queueBlob(tx, key);
}
