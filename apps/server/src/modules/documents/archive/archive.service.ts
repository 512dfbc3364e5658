import type { Readable } from 'node:stream';
import type { SelectionRequest } from '@portal/contracts';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../../app-context';
import type { Actor } from '../../../platform/auth/sessions';
import { fieldError } from '../../../platform/errors/app-error';
import { contentDisposition } from '../documents/file-types';
import * as docs from '../tree/tree.service';
import { liveFolder } from '../tree/tree.service';
import { authorizeVendor } from '../vendor-access.service';
import { type ArchiveEntry, folderEntries } from './archive.repository';

export type Archive = {
  stream: Readable;
  size: number | undefined;
  disposition: string;
  /** The firm of the client file archived. */
  accountingFirmId: number;
};

/** "name" -> "name (2)" (before the extension for files) until no entry of the archive's root has it. */
function unique(name: string, taken: Set<string>, isFolder: boolean): string {
  const dot = isFolder ? -1 : name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * A ZIP written as it is read: entries stored (documents are mostly compressed already), each
 * blob opened only when its turn comes, so memory stays flat whatever the size. The total size is
 * known beforehand (Content-Length).
 */
function zipOf(
  ctx: AppContext,
  entries: ArchiveEntry[],
  name: string,
  accountingFirmId: number,
): Promise<Archive> {
  const zip = new ZipFile();
  // A blob that cannot be read cuts the answer short (the client sees a broken download).
  zip.on('error', (error: Error) => (zip.outputStream as unknown as Readable).destroy(error));
  for (const entry of entries) {
    if (entry.blob_key === null) {
      zip.addEmptyDirectory(entry.path, { mtime: entry.modified });
      continue;
    }
    const key = entry.blob_key;
    zip.addReadStreamLazy(
      entry.path,
      { size: entry.size, mtime: entry.modified, compress: false },
      (done) => {
        ctx.blobs.get(key).then(
          (stream) => done(null, stream),
          (error) => done(error as Error, undefined as never),
        );
      },
    );
  }
  return new Promise((resolve) => {
    // yazl answers the total size (-1 when unknown); its types omit the argument.
    const end = zip.end.bind(zip) as (options: object, done: (size: number) => void) => void;
    end({}, (size) =>
      resolve({
        stream: zip.outputStream as unknown as Readable,
        size: size >= 0 ? size : undefined,
        disposition: contentDisposition('attachment', `${name}.zip`),
        accountingFirmId,
      }),
    );
  });
}

/** A folder's live content as a streamed ZIP named after it ("Documents.zip" for the root). */
export async function folderArchive(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  folderId: number,
  logged = true,
) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  const folder = await liveFolder(ctx.db, scope.vendor, folderId);
  const entries = await folderEntries(ctx.db, scope.vendor, folder.id);
  if (logged)
    logArchive(ctx, actor, scope.vendor, entries, { type: 'folder', id: folder.id, name: folder.name });
  return zipOf(
    ctx,
    entries,
    folder.parentId === null ? 'Documents' : folder.name,
    scope.vendor.accountingFirmId,
  );
}

/**
 * A folder's live content as a ZIP for a share link (`shares/public-shares.service.ts`), seen
 * with `vendor` (the link's creator's scope: the theme rule leaves out what they do not see).
 */
export async function sharedFolderArchive(ctx: AppContext, vendor: docs.VendorRef, folderId: number) {
  const folder = await liveFolder(ctx.db, vendor, folderId);
  const entries = await folderEntries(ctx.db, vendor, folder.id);
  return zipOf(ctx, entries, folder.parentId === null ? 'Documents' : folder.name, vendor.accountingFirmId);
}

/** A selection (documents and folders of the client file, live) as one streamed ZIP. */
export async function selectionArchive(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  request: SelectionRequest,
  logged = true,
) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  const entries: ArchiveEntry[] = [];
  const taken = new Set<string>();
  for (const id of new Set(request.folder_ids)) {
    const folder = await liveFolder(ctx.db, scope.vendor, id).catch(() => {
      throw fieldError('validation-failed', 'folder_ids', 'invalid-id');
    });
    const prefix = `${unique(folder.parentId === null ? 'Documents' : folder.name, taken, true)}/`;
    entries.push({ path: prefix, blob_key: null, size: 0, modified: folder.updatedAt });
    for (const entry of await folderEntries(ctx.db, scope.vendor, folder.id))
      entries.push({ ...entry, path: prefix + entry.path });
  }
  for (const id of new Set(request.document_ids)) {
    const doc = await docs.findDocument(ctx.db, scope.vendor, id);
    if (!doc || doc.deletedAt || doc.currentVersionId === null)
      throw fieldError('validation-failed', 'document_ids', 'invalid-id');
    const version = (await docs.findVersion(ctx.db, scope.vendor, doc.id, doc.currentVersionId))!;
    entries.push({
      path: unique(doc.name, taken, false),
      blob_key: version.blobKey,
      size: version.size,
      modified: version.createdAt,
    });
  }
  if (logged) {
    logArchive(ctx, actor, scope.vendor, entries, null, {
      folder_ids: request.folder_ids ?? [],
      document_ids: request.document_ids ?? [],
    });
  }
  return zipOf(ctx, entries, 'Documents', scope.vendor.accountingFirmId);
}

/** `archive.downloaded` with the number of documents and the folder (batched, like downloads). */
function logArchive(
  ctx: AppContext,
  actor: Actor,
  vendor: docs.VendorRef,
  entries: ArchiveEntry[],
  folder: { type: 'folder'; id: number; name: string } | null,
  details: Record<string, unknown> = {},
) {
  ctx.audit.recordRead({
    accountingFirmId: vendor.accountingFirmId,
    vendorId: vendor.id,
    actorUserId: actor.userId,
    action: 'archive.downloaded',
    subject: folder,
    details: { ...details, documents: entries.filter((e) => e.blob_key !== null).length },
  });
}
