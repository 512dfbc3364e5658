import path from 'node:path';
import type { AppContext } from '../../../app-context';
import { type ChunkStore, chunkStore } from './chunk-store';
import { type UploadHashers, uploadHashers } from './upload-hasher';
import * as repo from './uploads.repository';

/**
 * Where an upload's bytes and digests live in this process: its file under
 * `DATA_DIR/uploads/<firm>/<user>/<upload id>/data` and, for a large one, its hasher.
 */

/** From this size an upload is hashed on a worker thread as its chunks arrive. */
const HASH_AS_RECEIVED_FROM = 32 * 1024 * 1024;

const stores = new WeakMap<AppContext, { chunks: ChunkStore; hashers: UploadHashers }>();
export function storesOf(ctx: AppContext) {
  let store = stores.get(ctx);
  if (!store) {
    store = { chunks: chunkStore(path.join(ctx.config.dataDir, 'uploads')), hashers: uploadHashers() };
    stores.set(ctx, store);
  }
  return store;
}
export const chunksOf = (ctx: AppContext): ChunkStore => storesOf(ctx).chunks;

export const dirOf = (ctx: AppContext, u: Pick<repo.UploadRow, 'accountingFirmId' | 'userId' | 'id'>) =>
  chunksOf(ctx).dirOf(u.accountingFirmId, u.userId, u.id);

export const hashesAsReceived = (u: repo.UploadRow) =>
  u.totalChunks > 1 && u.totalSize >= HASH_AS_RECEIVED_FROM;

export const fileOf = (ctx: AppContext, u: repo.UploadRow) => chunksOf(ctx).fileOf(dirOf(ctx, u));

export function hasherOf(ctx: AppContext, upload: repo.UploadRow) {
  const shape = {
    file: fileOf(ctx, upload),
    chunkSize: upload.chunkSize,
    totalChunks: upload.totalChunks,
    totalSize: upload.totalSize,
  };
  return storesOf(ctx).hashers.get(upload.id, shape, () => repo.storedChunks(ctx.db, upload));
}
