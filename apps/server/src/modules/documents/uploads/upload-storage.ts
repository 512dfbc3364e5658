import path from 'node:path';
import { type ChunkStore, chunkStore } from './chunk-store';
import { type Digests, digestsOfFile, type UploadHashers, uploadHashers } from './upload-hasher';

/** From this size an upload is hashed on a worker thread as its chunks arrive. */
const HASH_AS_RECEIVED_FROM = 32 * 1024 * 1024;

/** What the storage needs of an upload's row. */
type UploadRef = {
  accountingFirmId: number;
  userId: number;
  id: number;
  chunkSize: number;
  totalChunks: number;
  totalSize: number;
};

export const hashesAsReceived = (u: UploadRef) => u.totalChunks > 1 && u.totalSize >= HASH_AS_RECEIVED_FROM;

/**
 * Where an app's uploads keep their bytes and digests (`ctx.uploads`, built once in `buildApp`):
 * each upload's file under `DATA_DIR/uploads/<firm>/<user>/<upload id>/data` and, for a large
 * one, its hasher in this process.
 */
export function uploadState(dataDir: string) {
  const chunks: ChunkStore = chunkStore(path.join(dataDir, 'uploads'));
  const hashers: UploadHashers = uploadHashers();
  const dirOf = (u: Pick<UploadRef, 'accountingFirmId' | 'userId' | 'id'>) =>
    chunks.dirOf(u.accountingFirmId, u.userId, u.id);
  const fileOf = (u: UploadRef) => chunks.fileOf(dirOf(u));
  /** The upload's hasher, told the chunks `written()` lists when it is made. */
  const hasherOf = (u: UploadRef, written: () => Promise<number[]>) =>
    hashers.get(
      u.id,
      { file: fileOf(u), chunkSize: u.chunkSize, totalChunks: u.totalChunks, totalSize: u.totalSize },
      written,
    );
  return {
    chunks,
    dirOf,
    fileOf,
    hasherOf,
    /**
     * The digests of a complete upload: a large one from its hasher, which has read the chunks
     * this process wrote in order already (after a restart, or chunks written by another process,
     * it reads them now); a small one read here.
     */
    async digestsOf(u: UploadRef, written: () => Promise<number[]>): Promise<Digests> {
      const file = fileOf(u);
      if (!hashesAsReceived(u)) return digestsOfFile(file);
      try {
        const hasher = await hasherOf(u, written);
        hashers.take(u.id);
        return await hasher.finish();
      } catch {
        // The worker failed (it could not start, say): the same digests, read on this thread.
        hashers.take(u.id);
        return digestsOfFile(file);
      }
    },
  };
}
export type UploadState = ReturnType<typeof uploadState>;
