import type { AppContext } from '../../../app-context';
import { ContentUnavailable, fileContent, personFiling } from '../tree/filing.service';
import type { Scope } from '../vendor-access.service';
import { fileName, pathFolders } from './flow-fields';
import * as repo from './uploads.repository';

/** An assembly claimed longer ago than this came from a process that stopped: another may take it. */
const STALE_CLAIM_SECONDS = 10 * 60;

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

async function assemble(ctx: AppContext, scope: Scope, upload: repo.UploadRow): Promise<number> {
  const { uploads } = ctx;
  const dir = uploads.dirOf(upload);
  const written = () => repo.storedChunks(ctx.db, upload);
  try {
    const filed = await fileContent(
      ctx,
      personFiling(scope),
      upload.folderId,
      fileName(upload.filename),
      {
        file: uploads.fileOf(upload),
        size: upload.totalSize,
        digests: () => uploads.digestsOf(upload, written),
      },
      {
        conflict: upload.conflict,
        dirs: pathFolders(upload.relativePath),
        md5: upload.md5,
        originalName: upload.filename,
        field: 'flowFilename',
        within: (tx, { documentId }) => repo.markDone(tx, upload, documentId),
      },
    );
    await uploads.chunks.remove(dir);
    return filed.documentId;
  } catch (error) {
    if (error instanceof ContentUnavailable) {
      // Nothing filed and the chunks kept: another request may assemble them again.
      await repo.release(ctx.db, upload);
      throw error.reason;
    }
    await repo.deleteSession(ctx.db, upload);
    await uploads.chunks.remove(dir);
    throw error;
  }
}
