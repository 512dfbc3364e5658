import { createHash } from 'node:crypto';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import * as tree from '../documents/tree/tree.service';
import { clientFolders, type DavEntry, type DavNode, resolve, workspaces } from './dav.service';
import * as repo from './dav-scratch.repository';
import { DavStatus } from './dav-writes.service';

/**
 * Scratch files of the network drive (issue 27): what file managers and office suites write
 * beside the documents (`.DS_Store`, `._x`, `desktop.ini`, `Thumbs.db`, Word's `~$doc.docx` and
 * `~WRL0001.tmp`, LibreOffice's `.~lock.name#`). They are kept aside for a day, per person and
 * GED folder, listed back to that person only, and never filed as documents.
 */

export const SCRATCH_TTL_SECONDS = 24 * 60 * 60;

const SCRATCH = [
  /^\.ds_store$/i,
  /^\._/,
  /^desktop\.ini$/i,
  /^thumbs\.db$/i,
  /^~\$/,
  /\.tmp$/i,
  /^\.~lock\..*#$/,
];

export const isScratchName = (name: string) => SCRATCH.some((re) => re.test(name));

/** A scratch path: the person's folder in a client file and the name. */
export type ScratchPlace = repo.ScratchFolder & { name: string };

/**
 * The scratch place a path names: a scratch name inside a client folder where no document or
 * folder holds it (those stay the GED's); null otherwise. The folder must exist (404/409 as usual).
 */
export async function scratchPlace(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  node?: DavNode,
): Promise<ScratchPlace | null> {
  const name = segments.at(-1);
  if (segments.length < 3 || !name || !isScratchName(name)) return null;
  const found = node ?? (await resolve(ctx, actor, segments));
  if (found.kind !== 'missing') return null;
  return { vendor: found.scope.vendor, folderId: found.parent.id, userId: actor.userId, name };
}

/**
 * Whether a path is a scratch name above the client folders (at the drive's root, or in a
 * workspace, where no client folder holds the name): nothing can be stored there (no client file,
 * no GED folder), so the drives' system files are accepted and forgotten rather than refused.
 */
export async function scratchAboveClients(ctx: AppContext, actor: Actor, segments: string[]) {
  const name = segments.at(-1);
  if (segments.length > 2 || !name || !isScratchName(name)) return false;
  const same = (a: string) => a.toLowerCase() === name.toLowerCase();
  if (segments.length === 1) return !(await workspaces(ctx, actor)).some((w) => same(w.name));
  const firm = (await workspaces(ctx, actor)).find(
    (w) => w.name.toLowerCase() === segments[0]!.toLowerCase(),
  );
  if (!firm) return false;
  return !(await clientFolders(ctx, actor, firm.id)).some((c) => same(c.name));
}

export const findScratch = (ctx: AppContext, place: ScratchPlace) =>
  repo.findScratch(ctx.db, place, place.name);

/** Stores a stream as a blob with its MD5 (the filing's sources need both). */
async function storeBlob(ctx: AppContext, body: AsyncIterable<Uint8Array>) {
  const md5 = createHash('md5');
  const stored = await ctx.blobs.put(
    (async function* () {
      for await (const chunk of body) {
        md5.update(chunk);
        yield chunk;
      }
    })(),
  );
  return { blobKey: stored.key, size: stored.size, md5: md5.digest('hex') };
}

/**
 * Writes a scratch file (created: 201, replaced: 204), its blob referenced in the same
 * transaction (taken off the cleanup's queue), the blob it held before queued.
 */
export async function writeScratch(
  ctx: AppContext,
  place: ScratchPlace,
  content: repo.ScratchContent,
): Promise<{ created: boolean; row: repo.ScratchRow }> {
  const written = await ctx.db.transaction(async (tx) => {
    await tree.unqueueBlob(tx, content.blobKey);
    const result = await repo.writeScratch(tx, place, place.name, content, SCRATCH_TTL_SECONDS);
    if (result.previous && result.previous !== content.blobKey) await tree.queueBlob(tx, result.previous);
    return result;
  });
  // A cleanup may have taken this content between its storing and the commit.
  if (!(await ctx.blobs.has(content.blobKey))) {
    await removeScratch(ctx, place);
    throw new DavStatus(503);
  }
  return { created: written.previous === null, row: written.row };
}

export async function putScratch(ctx: AppContext, place: ScratchPlace, body: AsyncIterable<Uint8Array>) {
  return writeScratch(ctx, place, await storeBlob(ctx, body));
}

/** Deletes a scratch file (its blob to the cleanup's queue): false when there was none. */
export async function removeScratch(ctx: AppContext, place: ScratchPlace): Promise<repo.ScratchRow | null> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.deleteScratch(tx, place, place.name);
    if (row) await tree.queueBlob(tx, row.blobKey);
    return row;
  });
}

export const scratchEntry = (row: repo.ScratchRow): DavEntry => ({
  name: row.name,
  collection: false,
  size: row.size,
  mime: 'application/octet-stream',
  etag: row.blobKey,
  created: new Date(row.createdAt),
  modified: new Date(row.updatedAt),
});

/** The person's scratch files in a listed collection (PROPFIND Depth 1), minus names the GED holds. */
export async function scratchEntries(
  ctx: AppContext,
  actor: Actor,
  node: DavNode,
  taken: DavEntry[],
): Promise<DavEntry[]> {
  if (node.kind !== 'client' && node.kind !== 'folder') return [];
  const names = new Set(taken.map((e) => e.name.toLowerCase()));
  const rows = await repo.listScratch(ctx.db, {
    vendor: node.scope.vendor,
    folderId: node.folder.id,
    userId: actor.userId,
  });
  return rows.filter((r) => !names.has(r.name.toLowerCase())).map(scratchEntry);
}

/** The job that deletes expired scratch files, their blobs queued for the cleanup. */
export const DAV_SCRATCH_PURGE_JOB = 'dav-scratch-purge';

export async function purgeExpiredScratch(ctx: AppContext): Promise<number> {
  let purged = 0;
  for (;;) {
    const keys = await ctx.db.transaction(async (tx) => {
      const batch = await repo.deleteExpired(tx, 500);
      for (const key of new Set(batch)) await tree.queueBlob(tx, key);
      return batch;
    });
    purged += keys.length;
    if (keys.length < 500) return purged;
  }
}

export function registerScratchJobs(ctx: AppContext): void {
  ctx.jobs.register(DAV_SCRATCH_PURGE_JOB, async () => void (await purgeExpiredScratch(ctx)));
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Queues the purge every hour while the app runs (each process: runs are idempotent). */
export function scratchPurgeTimer(ctx: AppContext, log: { error(o: object, m: string): void }) {
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      timer = setInterval(() => {
        ctx.jobs
          .enqueue(ctx.db, DAV_SCRATCH_PURGE_JOB, {})
          .catch((error) => log.error({ err: error }, 'queueing the scratch purge failed'));
      }, PURGE_INTERVAL_MS).unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
