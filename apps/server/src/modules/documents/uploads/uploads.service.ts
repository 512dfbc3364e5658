import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { extensionOf, type FlowChunkFields } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import * as docs from '../documents/documents.repository';
import { mimeTypeOf } from '../documents/file-types';
import * as folders from '../folders/folders.repository';
import { assertWritable, liveFolder, nameConflict, rootOf } from '../folders/folders.service';
import { freeDocumentName } from '../free-names';
import * as previews from '../previews/previews.repository';
import { authorizeVendor, type Scope } from '../vendor-access';
import { ChunkSizeError, type ChunkStore, chunkStore } from './chunk-store';
import { checkNumbers, fileName, parseFields, pathFolders } from './flow-fields';
import { type Digests, digestsOfFile, type UploadHashers, uploadHashers } from './upload-hasher';
import * as repo from './uploads.repository';

declare module '../../../platform/events/events' {
  interface AppEvents {
    'document.created': { accountingFirmId: number; vendorId: number; documentId: number; userId: number };
    'document.version_added': {
      accountingFirmId: number;
      vendorId: number;
      documentId: number;
      versionId: number;
      userId: number;
    };
  }
}

/** An assembly claimed longer ago than this came from a process that stopped: another may take it. */
const STALE_CLAIM_SECONDS = 10 * 60;
/** Unfinished uploads idle this long are removed with their chunks; finished ones sooner. */
export const UPLOAD_IDLE_SECONDS = 24 * 60 * 60;
const UPLOAD_DONE_SECONDS = 10 * 60;
/** A chunk claimed longer ago than this was left by a request that stopped; its writer gave up sooner. */
const STALE_CHUNK_SECONDS = 10 * 60;
const CHUNK_WRITE_DEADLINE_MS = 5 * 60 * 1000;
/** How long a repeated chunk waits for the request writing the same chunk. */
const BUSY_WAIT_MS = 5000;
/** From this size an upload is hashed on a worker thread as its chunks arrive. */
const HASH_AS_RECEIVED_FROM = 32 * 1024 * 1024;

const stores = new WeakMap<AppContext, { chunks: ChunkStore; hashers: UploadHashers }>();
function storesOf(ctx: AppContext) {
  let store = stores.get(ctx);
  if (!store) {
    store = { chunks: chunkStore(path.join(ctx.config.dataDir, 'uploads')), hashers: uploadHashers() };
    stores.set(ctx, store);
  }
  return store;
}
export const chunksOf = (ctx: AppContext): ChunkStore => storesOf(ctx).chunks;

export const authorizeUpload = (ctx: AppContext, actor: Actor, vendorId: number) =>
  authorizeVendor(ctx, actor, vendorId, 'documents.write');

/** The checks every chunk passes before a byte is stored. */
async function checkTarget(ctx: AppContext, scope: Scope, folderId: number, f: FlowChunkFields) {
  checkNumbers(f);
  fileName(f.flowFilename);
  const dirs = pathFolders(f.flowRelativePath);
  await rootOf(ctx, scope.vendor);
  const folder = await liveFolder(ctx.db, scope.vendor, folderId);
  if (folder.parentId === null && dirs.length === 0) throw new AppError('document-at-root');
  assertWritable(folder, scope);
  // A taken name is refused before anything is stored (the assembly decides under the lock).
  if ((f.conflict ?? 'refuse') === 'refuse') {
    let target: number | undefined = folder.id;
    for (const name of dirs)
      target = target && (await folders.findChildByName(ctx.db, scope.vendor, target, name))?.id;
    if (target && (await docs.findByName(ctx.db, scope.vendor, target, fileName(f.flowFilename))))
      throw fieldError('node-name-conflict', 'flowFilename');
  }
}

/** The upload's session, opened by its first chunk. */
async function session(ctx: AppContext, scope: Scope, folderId: number, f: FlowChunkFields) {
  const key = { folderId, userId: scope.actor.userId, identifier: f.flowIdentifier };
  let upload = await repo.openSession(ctx.db, scope.vendor, key, {
    filename: f.flowFilename,
    relativePath: f.flowRelativePath,
    totalSize: f.flowTotalSize,
    chunkSize: f.flowChunkSize,
    totalChunks: f.flowTotalChunks,
    conflict: f.conflict ?? 'refuse',
    md5: f.md5 ?? null,
  });
  const same =
    upload.totalSize === f.flowTotalSize &&
    upload.chunkSize === f.flowChunkSize &&
    upload.totalChunks === f.flowTotalChunks &&
    upload.relativePath === f.flowRelativePath;
  // A finished upload's identifier sent again is a new upload (the same file as a new version):
  // start over, as when the identifier now names another file.
  if ((!same && upload.status === 'receiving') || upload.status === 'done') {
    await repo.deleteSession(ctx.db, upload);
    await chunksOf(ctx).remove(dirOf(ctx, upload));
    upload = await repo.openSession(ctx.db, scope.vendor, key, {
      filename: f.flowFilename,
      relativePath: f.flowRelativePath,
      totalSize: f.flowTotalSize,
      chunkSize: f.flowChunkSize,
      totalChunks: f.flowTotalChunks,
      conflict: f.conflict ?? 'refuse',
      md5: f.md5 ?? null,
    });
  }
  return upload;
}

const dirOf = (ctx: AppContext, u: Pick<repo.UploadRow, 'accountingFirmId' | 'userId' | 'id'>) =>
  chunksOf(ctx).dirOf(u.accountingFirmId, u.userId, u.id);

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
  content: Readable,
): Promise<{ id: number | null }> {
  const f = parseFields(raw);
  await checkTarget(ctx, scope, folderId, f);
  const upload = await session(ctx, scope, folderId, f);
  const n = f.flowChunkNumber;
  const claim = await claimChunk(ctx, upload, n, f.flowCurrentChunkSize);
  if (claim === 'written') return complete(ctx, scope, upload);
  try {
    const offset = (n - 1) * upload.chunkSize;
    await chunksOf(ctx).write(dirOf(ctx, upload), offset, f.flowCurrentChunkSize, withDeadline(content));
  } catch (error) {
    await repo.releaseChunk(ctx.db, upload, n);
    if (error instanceof ChunkSizeError)
      throw fieldError('validation-failed', 'flowCurrentChunkSize', 'chunk-size-mismatch');
    throw error;
  }
  // Lost when the identifier started another upload meanwhile (another file, or a finished one).
  if (!(await repo.markWritten(ctx.db, upload, n))) throw new AppError('not-found');
  if (hashesAsReceived(upload)) (await hasherOf(ctx, upload).catch(() => null))?.chunkWritten(n);
  return complete(ctx, scope, upload);
}

/** Waits while another request writes the same chunk; 429 (flow.js retries) if it takes too long. */
async function claimChunk(ctx: AppContext, upload: repo.UploadRow, n: number, size: number) {
  const until = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    const claim = await repo.claimChunk(ctx.db, upload, n, size, STALE_CHUNK_SECONDS);
    if (claim !== 'busy') return claim;
    if (Date.now() > until) throw new AppError('too-many-requests');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The body, cut once the chunk's claim could be taken over (so two writers never overlap). */
async function* withDeadline(content: Readable): AsyncGenerator<Buffer> {
  const deadline = Date.now() + CHUNK_WRITE_DEADLINE_MS;
  for await (const piece of content) {
    if (Date.now() > deadline) throw new AppError('request-timeout');
    yield piece as Buffer;
  }
}

const hashesAsReceived = (u: repo.UploadRow) => u.totalChunks > 1 && u.totalSize >= HASH_AS_RECEIVED_FROM;

const fileOf = (ctx: AppContext, u: repo.UploadRow) => chunksOf(ctx).fileOf(dirOf(ctx, u));

function hasherOf(ctx: AppContext, upload: repo.UploadRow) {
  const shape = {
    file: fileOf(ctx, upload),
    chunkSize: upload.chunkSize,
    totalChunks: upload.totalChunks,
    totalSize: upload.totalSize,
  };
  return storesOf(ctx).hashers.get(upload.id, shape, () => repo.storedChunks(ctx.db, upload));
}

/**
 * The digests of a complete upload: a large one from its hasher, which has read the chunks this
 * process wrote in order already (after a restart, or chunks written by another process, it
 * reads them now); a small one here.
 */
async function digestsOf(ctx: AppContext, upload: repo.UploadRow): Promise<Digests> {
  const file = fileOf(ctx, upload);
  if (!hashesAsReceived(upload)) return digestsOfFile(file);
  const hasher = await hasherOf(ctx, upload);
  storesOf(ctx).hashers.take(upload.id);
  try {
    return await hasher.finish();
  } catch {
    // The worker failed (it could not start, say): the same digests, read on this thread.
    return digestsOfFile(file);
  }
}

/** Assembles the file if this request claims it, else waits for the request that did. */
async function complete(
  ctx: AppContext,
  scope: Scope,
  upload: repo.UploadRow,
): Promise<{ id: number | null }> {
  const claimed = await repo.claimAssembly(ctx.db, upload, STALE_CLAIM_SECONDS);
  if (claimed) return { id: await assemble(ctx, scope, claimed) };
  for (let i = 0; i < 1200; i++) {
    const now = await repo.findById(ctx.db, upload.accountingFirmId, upload.id);
    if (!now) return { id: null };
    if (now.status === 'done') return { id: now.documentId };
    if (now.status === 'receiving') return { id: null };
    await new Promise((r) => setTimeout(r, 100));
  }
  return { id: null };
}

/** Finds or creates the folders of a relative path under `folderId` (merging with existing ones). */
async function ensurePath(tx: Db, scope: Scope, folderId: number, dirs: string[]): Promise<number> {
  let parent = folderId;
  for (const name of dirs) {
    const locked = await folders.lockFolder(tx, scope.vendor, parent);
    if (!locked || locked.deletedAt) throw new AppError('not-found');
    const existing = await folders.findChildByName(tx, scope.vendor, parent, name);
    if (existing) {
      parent = existing.id;
      continue;
    }
    assertWritable(locked, scope);
    parent = (
      await folders.insertFolder(tx, scope.vendor, { parentId: parent, name, createdBy: scope.actor.userId })
    ).id;
  }
  return parent;
}

async function assemble(ctx: AppContext, scope: Scope, upload: repo.UploadRow): Promise<number> {
  const store = chunksOf(ctx);
  const dir = dirOf(ctx, upload);
  const file = fileOf(ctx, upload);
  let digests: Digests;
  let stored: { key: string; size: number };
  try {
    digests = await digestsOf(ctx, upload);
    if (!upload.md5 || digests.md5 === upload.md5)
      // The file becomes the blob as it is: no second copy of the bytes.
      stored = await ctx.blobs.adopt(file, digests.sha256, upload.totalSize);
  } catch (error) {
    await repo.release(ctx.db, upload);
    throw error;
  }
  if (upload.md5 && digests.md5 !== upload.md5) {
    await repo.deleteSession(ctx.db, upload);
    await store.remove(dir);
    throw fieldError('checksum-failed', 'file');
  }
  stored = stored!;
  const name = fileName(upload.filename);
  const dirs = pathFolders(upload.relativePath);
  const ext = extensionOf(name);
  const version: docs.NewVersion = {
    blobKey: stored.key,
    size: stored.size,
    mimeType: mimeTypeOf(name),
    originalName: upload.filename,
    storedName: `${Date.now()}${randomInt(0, 100)}${ext ? `.${ext}` : ''}`,
    md5: digests.md5,
    authorId: scope.actor.userId,
  };
  let outcome: { documentId: number; versionId: number; created: boolean };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const target = await ensurePath(tx, scope, upload.folderId, dirs);
      // The folder's row lock serialises names and versions of its documents across processes.
      const folder = await folders.lockFolder(tx, scope.vendor, target);
      if (!folder || folder.deletedAt) throw new AppError('not-found');
      if (folder.parentId === null) throw new AppError('document-at-root');
      assertWritable(folder, scope);
      const existing = await docs.findByName(tx, scope.vendor, target, name);
      let result: { documentId: number; versionId: number; created: boolean };
      if (existing && upload.conflict === 'version') {
        const locked = (await docs.lockDocument(tx, scope.vendor, existing.id))!;
        const v = await docs.addVersion(tx, scope.vendor, locked, version);
        result = { documentId: existing.id, versionId: v.id, created: false };
      } else {
        if (existing && upload.conflict === 'refuse') throw fieldError('node-name-conflict', 'flowFilename');
        const finalName = existing ? await freeDocumentName(tx, scope.vendor, target, name) : name;
        const doc = await docs.insertDocument(tx, scope.vendor, {
          folderId: target,
          name: finalName,
          createdBy: scope.actor.userId,
        });
        const v = await docs.addVersion(tx, scope.vendor, doc, version);
        result = { documentId: doc.id, versionId: v.id, created: true };
      }
      await docs.unqueueBlob(tx, stored.key);
      await repo.markDone(tx, upload, result.documentId);
      return result;
    });
  } catch (error) {
    // No version refers to the adopted blob: the cleanup removes it unless another one does.
    await docs.queueBlob(ctx.db, stored.key);
    await repo.deleteSession(ctx.db, upload);
    await store.remove(dir);
    throw nameConflict(error, 'flowFilename') ?? error;
  }
  // A cleanup may have removed this content between the adoption and the commit: store it again.
  if (!(await ctx.blobs.has(stored.key))) await ctx.blobs.adopt(file, stored.key, stored.size);
  await store.remove(dir);
  const base = {
    accountingFirmId: scope.vendor.accountingFirmId,
    vendorId: scope.vendor.id,
    userId: scope.actor.userId,
  };
  if (outcome.created) ctx.events.emit('document.created', { ...base, documentId: outcome.documentId });
  ctx.events.emit('document.version_added', {
    ...base,
    documentId: outcome.documentId,
    versionId: outcome.versionId,
  });
  return outcome.documentId;
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
 * version refers to any more. Run periodically by each server process (`documentsJobs`).
 */
export async function cleanup(
  ctx: AppContext,
  options: { idleSeconds?: number; doneSeconds?: number } = {},
): Promise<{ uploads: number; blobs: number }> {
  const store = chunksOf(ctx);
  const stale = await repo.staleSessions(
    ctx.db,
    options.idleSeconds ?? UPLOAD_IDLE_SECONDS,
    options.doneSeconds ?? UPLOAD_DONE_SECONDS,
  );
  for (const upload of stale) {
    await repo.deleteSession(ctx.db, upload);
    await store.remove(dirOf(ctx, upload));
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
  for (const key of await docs.queuedBlobs(ctx.db, 500)) {
    await ctx.db.transaction(async (tx) => {
      if (await docs.claimUnreferencedBlob(tx, key)) {
        // Deleted before the commit: an upload referring to the key again waits on the row, then
        // finds the blob gone and stores it again.
        await ctx.blobs.delete(key);
        blobs += 1;
        // Its PDF preview goes with it, at the next run (another content may share that PDF).
        const pdf = await previews.dropPreview(tx, key);
        if (pdf) await docs.queueBlob(tx, pdf);
      }
    });
  }
  return { uploads: stale.length, blobs };
}
