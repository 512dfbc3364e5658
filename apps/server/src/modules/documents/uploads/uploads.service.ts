import type { FlowChunkFields } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Actor } from '../../../platform/auth/sessions';
import { foreignKeyViolation } from '../../../platform/db-errors';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import { dropPreviewOf } from '../previews/previews.service';
import { dropTextOf } from '../search/text-extraction.service';
import { admitReplacement, admitUpload } from '../storage-policy/storage-policy.service';
import * as tree from '../tree/tree.service';
import { assertWritable, liveFolder } from '../tree/tree.service';
import { authorizeVendor, type Scope } from '../vendor-access.service';
import { complete } from './assembly.service';
import { ChunkSizeError } from './chunk-store';
import { checkNumbers, fileName, parseFields, pathFolders } from './flow-fields';
import { hashesAsReceived } from './upload-storage';
import * as repo from './uploads.repository';

/** Unfinished uploads idle this long are removed with their chunks; finished ones sooner. */
export const UPLOAD_IDLE_SECONDS = 24 * 60 * 60;
const UPLOAD_DONE_SECONDS = 10 * 60;
/** A chunk claimed longer ago than this was left by a request that stopped; its writer gave up sooner. */
const STALE_CHUNK_SECONDS = 10 * 60;
const CHUNK_WRITE_DEADLINE_MS = 5 * 60 * 1000;
/** How long a repeated chunk waits for the request writing the same chunk. */
const BUSY_WAIT_MS = 5000;

export const authorizeUpload = (ctx: AppContext, actor: Actor, vendorId: number) =>
  authorizeVendor(ctx, actor, vendorId, 'documents.write');

/** The checks every chunk passes before a byte is stored: its numbers, names and folder. */
async function checkTarget(ctx: AppContext, scope: Scope, folderId: number, f: FlowChunkFields) {
  checkNumbers(f);
  fileName(f.flowFilename);
  const dirs = pathFolders(f.flowRelativePath);
  const folder = await liveFolder(ctx.db, scope.vendor, folderId);
  if (folder.parentId === null && dirs.length === 0) throw new AppError('document-at-root');
  assertWritable(folder, scope);
  return { folder, dirs };
}

/**
 * A new upload's name is refused when taken, before anything is stored (the assembly decides
 * under the folder's lock); the chunks of an upload under way are not asked again.
 */
async function checkNameFree(
  ctx: AppContext,
  scope: Scope,
  folderId: number,
  dirs: string[],
  f: FlowChunkFields,
) {
  if ((f.conflict ?? 'refuse') !== 'refuse') return;
  let target: number | undefined = folderId;
  for (const name of dirs)
    target = target && (await tree.findChildByName(ctx.db, scope.vendor, target, name))?.id;
  if (target && (await tree.takenName(ctx.db, scope.vendor, target, fileName(f.flowFilename))))
    throw fieldError('node-name-conflict', 'flowFilename');
}

const sessionValues = (f: FlowChunkFields): repo.SessionValues => ({
  filename: f.flowFilename,
  relativePath: f.flowRelativePath,
  totalSize: f.flowTotalSize,
  chunkSize: f.flowChunkSize,
  totalChunks: f.flowTotalChunks,
  conflict: f.conflict ?? 'refuse',
  md5: f.md5 ?? null,
});

/**
 * The upload's session, opened by its first chunk (`inserted`); `stale` when the identifier now
 * names another upload: a finished one sent again (the same file as a new version), or another
 * file. Then the session starts over, but only once this chunk's bytes are in (`restart`).
 */
async function session(ctx: AppContext, scope: Scope, folderId: number, dirs: string[], f: FlowChunkFields) {
  const key = { folderId, userId: scope.actor.userId, identifier: f.flowIdentifier };
  const sameFile = (upload: repo.UploadRow) =>
    upload.totalSize === f.flowTotalSize &&
    upload.chunkSize === f.flowChunkSize &&
    upload.totalChunks === f.flowTotalChunks &&
    upload.relativePath === f.flowRelativePath;
  const found = await repo.findSession(ctx.db, scope.vendor, key);
  if (found && found.status !== 'done' && sameFile(found))
    return { upload: found, inserted: false, stale: false };
  await checkNameFree(ctx, scope, folderId, dirs, f);
  const { upload, inserted } = found
    ? { upload: found, inserted: false }
    : await repo.openSession(ctx.db, scope.vendor, key, sessionValues(f));
  if (inserted) await admitted(ctx, upload);
  const same = sameFile(upload);
  // Another file while this one is assembled: the client tries again once it is done.
  if (!same && upload.status === 'assembling') throw new AppError('too-many-requests');
  const stale = !same || upload.status === 'done';
  if (stale) await admitReplacement(ctx, upload, f.flowTotalSize);
  return { upload, inserted, stale };
}

async function restart(
  ctx: AppContext,
  scope: Scope,
  folderId: number,
  f: FlowChunkFields,
  old: repo.UploadRow,
) {
  await repo.deleteSession(ctx.db, old);
  await ctx.uploads.chunks.remove(ctx.uploads.dirOf(old));
  const key = { folderId, userId: scope.actor.userId, identifier: f.flowIdentifier };
  const { upload } = await repo.openSession(ctx.db, scope.vendor, key, sessionValues(f));
  return admitted(ctx, upload);
}

/** A session past the quotas goes before any byte is stored (`quota-exceeded`). */
async function admitted(ctx: AppContext, upload: repo.UploadRow): Promise<repo.UploadRow> {
  await admitUpload(ctx, upload).catch(async (error: unknown) => {
    await repo.deleteSession(ctx.db, upload);
    throw error;
  });
  return upload;
}

/**
 * One chunk of the flow.js protocol: checked, written once at its offset in the upload's file (a
 * repeated chunk is accepted and its bytes dropped), and when it makes the file complete the file
 * is assembled, once, whatever the order the chunks came in. Answers the document's id once the
 * file is complete.
 */
export async function receiveChunk(
  ctx: AppContext,
  scope: Scope,
  folderId: number,
  raw: Record<string, string>,
  content: AsyncIterable<Buffer>,
): Promise<{ id: number | null }> {
  const f = parseFields(raw);
  const { dirs } = await checkTarget(ctx, scope, folderId, f);
  const { uploads } = ctx;
  const store = uploads.chunks;
  const body = withDeadline(content);
  const opened = await session(ctx, scope, folderId, dirs, f);
  let upload = opened.upload;
  const n = f.flowChunkNumber;
  const size = f.flowCurrentChunkSize;
  let write: (upload: repo.UploadRow) => Promise<void>;
  let staged: string | null = null;
  if (opened.stale) {
    // The old session stays until the bytes are in: a body cut short changes nothing.
    const file = await sizeChecked(store.stage(size, body));
    staged = file;
    try {
      upload = await restart(ctx, scope, folderId, f, upload);
    } catch (error) {
      await store.discard(file);
      throw error;
    }
    write = (u) => store.place(uploads.dirOf(u), (n - 1) * u.chunkSize, size, file);
  } else {
    write = (u) => sizeChecked(store.write(uploads.dirOf(u), (n - 1) * u.chunkSize, size, body));
  }
  let claim: Awaited<ReturnType<typeof claimChunk>>;
  try {
    claim = await claimChunk(ctx, upload, n, size);
  } catch (error) {
    if (staged) await store.discard(staged);
    if (opened.inserted) await repo.deleteIfEmpty(ctx.db, upload);
    throw error;
  }
  if (claim === 'written') {
    if (staged) await store.discard(staged);
    return complete(ctx, scope, upload);
  }
  try {
    await write(upload);
  } catch (error) {
    if (staged) await store.discard(staged);
    await repo.releaseChunk(ctx.db, upload, n);
    // The session this chunk opened goes with it (unless another chunk was claimed meanwhile), and
    // so does its folder on disk: no chunk can be claimed in it any more.
    if (opened.inserted && (await repo.deleteIfEmpty(ctx.db, upload)))
      await store.remove(uploads.dirOf(upload));
    throw error;
  }
  // Lost when the identifier started another upload meanwhile (another file, or a finished one).
  const count = await repo.markWritten(ctx.db, upload, n);
  if (!count) throw new AppError('not-found');
  if (hashesAsReceived(upload))
    (await uploads.hasherOf(upload, () => repo.storedChunks(ctx.db, upload)).catch(() => null))?.chunkWritten(
      n,
    );
  // The chunk counted last completes the file (the counts are taken one after the other).
  return count.written < count.total ? { id: null } : complete(ctx, scope, upload);
}

/** A body of another size than the chunk's answers 422 on `flowCurrentChunkSize`. */
async function sizeChecked<T>(writing: Promise<T>): Promise<T> {
  try {
    return await writing;
  } catch (error) {
    if (error instanceof ChunkSizeError)
      throw fieldError('validation-failed', 'flowCurrentChunkSize', 'chunk-size-mismatch');
    throw error;
  }
}

/** Waits while another request writes the same chunk; 429 (flow.js retries) if it takes too long. */
async function claimChunk(ctx: AppContext, upload: repo.UploadRow, n: number, size: number) {
  const until = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    const claim = await repo
      .claimChunk(ctx.db, upload, n, size, STALE_CHUNK_SECONDS)
      .catch((error: unknown) => {
        // The session went (its first chunk failed, or a new upload took the identifier).
        throw foreignKeyViolation(error) ? new AppError('too-many-requests') : error;
      });
    if (claim !== 'busy') return claim;
    if (Date.now() > until) throw new AppError('too-many-requests');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The body, cut once the chunk's claim could be taken over (so two writers never overlap). */
async function* withDeadline(content: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const deadline = Date.now() + CHUNK_WRITE_DEADLINE_MS;
  for await (const piece of content) {
    if (Date.now() > deadline) throw new AppError('request-timeout');
    yield piece;
  }
}

/**
 * flow.js's test GET: 200 with the chunks stored when chunk `number` is one of them, 204 when it
 * must be sent. The last chunk of a complete but unassembled upload answers 204, so that sending
 * it again assembles the file.
 */
export async function testChunk(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  folderId: number,
  identifier: string,
  number: number,
): Promise<{ chunks: number[]; id: number | null } | null> {
  const scope = await authorizeUpload(ctx, actor, vendorId);
  await liveFolder(ctx.db, scope.vendor, folderId);
  const upload = await repo.findSession(ctx.db, scope.vendor, { folderId, userId: actor.userId, identifier });
  if (!upload) return null;
  const chunks = await repo.storedChunks(ctx.db, upload);
  if (upload.status === 'done') return { chunks, id: upload.documentId };
  if (!chunks.includes(number)) return null;
  if (number === upload.totalChunks && chunks.length === upload.totalChunks) return null;
  return { chunks, id: null };
}

/**
 * Removes idle uploads with their chunks, chunk folders no upload owns, and the queued blobs no
 * version refers to any more. Run every hour by each server process (the timer registered in
 * `documents.routes.ts`).
 */
export async function cleanup(
  ctx: AppContext,
  options: { idleSeconds?: number; doneSeconds?: number } = {},
): Promise<{ uploads: number; blobs: number }> {
  const store = ctx.uploads.chunks;
  const stale = await repo.staleSessions(
    ctx.db,
    options.idleSeconds ?? UPLOAD_IDLE_SECONDS,
    options.doneSeconds ?? UPLOAD_DONE_SECONDS,
  );
  for (const upload of stale) {
    await repo.deleteSession(ctx.db, upload);
    await store.remove(ctx.uploads.dirOf(upload));
  }
  await store.removeIncoming(options.idleSeconds ?? UPLOAD_IDLE_SECONDS);
  // Folders left by sessions deleted with their folder or client file.
  const onDisk = await store.list();
  const byFirm = new Map<number, number[]>();
  for (const d of onDisk) byFirm.set(d.firm, [...(byFirm.get(d.firm) ?? []), d.upload]);
  for (const [firm, ids] of byFirm) {
    const alive = await repo.existingIds(ctx.db, firm, ids);
    for (const d of onDisk.filter((x) => x.firm === firm && !alive.has(x.upload)))
      await store.remove(store.dirOf(d.firm, d.user, d.upload));
  }
  let blobs = 0;
  for (const key of await tree.queuedBlobs(ctx.db, 500)) {
    await ctx.db.transaction(async (tx) => {
      if (await tree.claimUnreferencedBlob(tx, key)) {
        // Deleted before the commit: an upload referring to the key again waits on the row, then
        // finds the blob gone and stores it again.
        await ctx.blobs.delete(key);
        blobs += 1;
        // Its PDF preview goes with it, at the next run (another content may share that PDF).
        await dropPreviewOf(tx, key);
        await dropTextOf(tx, key);
      }
    });
  }
  return { uploads: stale.length, blobs };
}
