import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors/app-error';
import * as trash from '../documents/trash/trash.service';
import * as filing from '../documents/tree/filing.service';
import * as tree from '../documents/tree/tree.service';
import type { Scope } from '../documents/vendor-access.service';
import { currentVersion, type DavNode, resolve } from './dav.service';
import * as scratch from './dav-scratch.service';
import type { TransferMode } from './dav-transfer.service';
import { assertKeptName, DavStatus } from './dav-writes.service';

/**
 * MOVE and COPY that involve a scratch file (issue 27). Word and LibreOffice save by write-temp,
 * rename, delete: Word writes `~WRD0000.tmp`, moves `report.docx` to `~WRL0001.tmp`, moves the
 * temp onto `report.docx` and deletes the backup. The document moved to a scratch name goes to
 * the trash; a scratch moved onto the name of a document the same person trashed within the
 * last minute brings that document back with a new version, so its id, history, validations
 * and period survive the save. A scratch moved onto a document adds a version (Overwrite: T).
 */

/** How long after its trashing an office save brings a document back. */
export const OFFICE_SAVE_SECONDS = 60;

type Blob = { key: string; size: number; md5: string };

/** Files a scratch's content as `name` in `folderId`: a version of the same-name document, or a new one. */
async function fileScratch(
  ctx: AppContext,
  scope: Scope,
  folderId: number,
  name: string,
  blob: Blob,
  conflict: filing.DocumentConflict,
) {
  await filing.fileContent(ctx, filing.personFiling(scope), folderId, name, { blob }, { conflict });
}

/** A scratch file onto a GED name: a version, a document brought back from the trash, or a new one. */
async function scratchOntoGed(
  ctx: AppContext,
  actor: Actor,
  row: { blobKey: string; size: number; md5: string },
  dest: DavNode,
  overwrite: boolean,
): Promise<boolean> {
  const blob = { key: row.blobKey, size: row.size, md5: row.md5 };
  if (dest.kind === 'document') {
    if (!overwrite) throw new DavStatus(412);
    await fileScratch(ctx, dest.scope, dest.parent.id, dest.doc.name, blob, 'version');
    return false;
  }
  if (dest.kind !== 'missing') throw new DavStatus(403);
  if (dest.atClientRoot) throw new DavStatus(403);
  const trashed = await trash.recentlyTrashedBy(
    ctx,
    dest.scope,
    dest.parent.id,
    dest.name,
    OFFICE_SAVE_SECONDS,
  );
  if (trashed !== null) {
    await trash.restore(ctx, actor, dest.scope.vendor.id, {
      document_ids: [trashed],
      folder_ids: [],
      conflict: 'refuse',
    });
    const doc = (await tree.findDocument(ctx.db, dest.scope.vendor, trashed))!;
    const current = await tree.findVersion(ctx.db, dest.scope.vendor, doc.id, doc.currentVersionId!);
    // A backup moved back (a save given up) brings the document back as it was.
    if (current?.blobKey !== blob.key)
      await fileScratch(ctx, dest.scope, doc.folderId, doc.name, blob, 'version');
    return true;
  }
  assertKeptName(dest.name);
  await fileScratch(ctx, dest.scope, dest.parent.id, dest.name, blob, 'refuse');
  return true;
}

/**
 * MOVE or COPY when the source or the destination is a scratch file: whether a resource was
 * created (201) or replaced (204); null when neither is (the GED's transfer applies).
 */
export async function transferScratch(
  ctx: AppContext,
  actor: Actor,
  mode: TransferMode,
  from: string[],
  to: string[],
  options: { overwrite: boolean },
): Promise<{ created: boolean } | null> {
  const scratchNamed = (segments: string[]) => scratch.isScratchName(segments.at(-1) ?? '');
  if (!scratchNamed(from) && !scratchNamed(to)) return null;
  const source = await resolve(ctx, actor, from, mode === 'move' ? 'documents.write' : 'documents.read');
  const sourcePlace = await scratch.scratchPlace(ctx, actor, from, source);
  // Another firm's or client file's path is absent (404); a missing folder inside the client file: 409.
  await resolve(ctx, actor, to.slice(0, 2), 'documents.write');
  const dest = await resolve(ctx, actor, to, 'documents.write').catch((error) => {
    if (error instanceof AppError && error.code === 'not-found') throw new DavStatus(409);
    throw error;
  });
  const destPlace = await scratch.scratchPlace(ctx, actor, to, dest);
  if (!sourcePlace && !(destPlace && source.kind === 'document')) return null;
  if (!('scope' in source) || !('scope' in dest) || source.scope.vendor.id !== dest.scope.vendor.id)
    throw new DavStatus(403);

  if (sourcePlace) {
    const row = await scratch.findScratch(ctx, sourcePlace);
    if (!row) throw new AppError('not-found');
    let created: boolean;
    if (destPlace) {
      const existing = await scratch.findScratch(ctx, destPlace);
      const sameRow = existing?.id === row.id;
      if (existing && !sameRow && !options.overwrite) throw new DavStatus(412);
      await scratch.writeScratch(ctx, destPlace, row);
      created = !existing || sameRow;
      if (mode === 'move' && !sameRow) await scratch.removeScratch(ctx, sourcePlace);
      return { created };
    }
    created = await scratchOntoGed(ctx, actor, row, dest, options.overwrite);
    if (mode === 'move') await scratch.removeScratch(ctx, sourcePlace);
    return { created };
  }

  // A document onto a scratch name: the scratch holds its content; a MOVE sends it to the trash.
  const doc = source as Extract<DavNode, { kind: 'document' }>;
  const place = destPlace!;
  const existing = await scratch.findScratch(ctx, place);
  if (existing && !options.overwrite) throw new DavStatus(412);
  const version = await currentVersion(ctx, doc);
  if (mode === 'move') await trash.deleteDocument(ctx, actor, doc.scope.vendor.id, doc.doc.id, false);
  await scratch.writeScratch(ctx, place, {
    blobKey: version.blobKey,
    size: version.size,
    md5: version.md5,
    fromDocumentId: mode === 'move' ? doc.doc.id : null,
  });
  return { created: !existing };
}
