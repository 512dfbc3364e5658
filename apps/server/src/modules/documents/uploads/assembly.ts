import { randomInt } from 'node:crypto';
import { extensionOf } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { StoredBlob } from '../../../platform/blobs/blob-store';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import * as docs from '../documents/documents.repository';
import { mimeTypeOf } from '../documents/file-types';
import * as folders from '../folders/folders.repository';
import { assertWritable, nameConflict } from '../folders/folders.service';
import { freeDocumentName } from '../free-names';
import type { Scope } from '../vendor-access';
import { fileName, pathFolders } from './flow-fields';
import { type Digests, digestsOfFile } from './upload-hasher';
import { chunksOf, dirOf, fileOf, hasherOf, hashesAsReceived, storesOf } from './upload-storage';
import * as repo from './uploads.repository';

/** An assembly claimed longer ago than this came from a process that stopped: another may take it. */
const STALE_CLAIM_SECONDS = 10 * 60;

/**
 * The digests of a complete upload: a large one from its hasher, which has read the chunks this
 * process wrote in order already (after a restart, or chunks written by another process, it
 * reads them now); a small one here.
 */
async function digestsOf(ctx: AppContext, upload: repo.UploadRow): Promise<Digests> {
  const file = fileOf(ctx, upload);
  if (!hashesAsReceived(upload)) return digestsOfFile(file);
  try {
    const hasher = await hasherOf(ctx, upload);
    storesOf(ctx).hashers.take(upload.id);
    return await hasher.finish();
  } catch {
    // The worker failed (it could not start, say): the same digests, read on this thread.
    storesOf(ctx).hashers.take(upload.id);
    return digestsOfFile(file);
  }
}

/** Assembles the file if this request claims it, else waits for the request that did. */
export async function complete(
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
  try {
    digests = await digestsOf(ctx, upload);
  } catch (error) {
    await repo.release(ctx.db, upload);
    throw error;
  }
  if (upload.md5 && digests.md5 !== upload.md5) {
    await repo.deleteSession(ctx.db, upload);
    await store.remove(dir);
    throw fieldError('checksum-failed', 'file');
  }
  let stored: StoredBlob;
  try {
    // The file becomes the blob as it is: no second copy of the bytes.
    stored = await ctx.blobs.adopt(file, digests.sha256, upload.totalSize);
  } catch (error) {
    await repo.release(ctx.db, upload);
    throw error;
  }
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
