import { extensionOf, numberedFreeName } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { uniqueViolation } from '../../../platform/db-errors';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import { defaultTreeStructureId } from '../../vendors/core/tree-structures.service';
import { assertThemeWritable, seesFolder, themeVerdict } from '../theme-access';
import type { Scope } from '../vendor-access.service';
import type { VendorRef } from '../vendor-ref';
import * as docs from './documents.repository';
import * as folders from './folders.repository';
import * as tags from './theme-tags.repository';

/**
 * The owner of the client files' trees (docs/architecture.md, "Documents"): the folder and
 * document rows, their locks and the name rule. The other parts of the document manager read and
 * lock through here; content is filed, moved, copied and renamed through `filing.service.ts`.
 */

export type { VendorRef };
export type FolderRow = folders.FolderRow;
export type DocumentRow = docs.DocumentRow;
export type VersionRow = docs.VersionRow;
export type VersionWithPeople = docs.VersionWithPeople;
export {
  claimUnreferencedBlob,
  findByName,
  findVersion,
  isValidated,
  liveDocumentsIn,
  namesOf,
  periodOfVendor,
  queueBlob,
  queuedBlobs,
  readAt,
  setValidation,
  trashDocument,
  unqueueBlob,
} from './documents.repository';

// Reads and locks, as the repositories answer them.
export {
  ancestors,
  childNamesLike,
  countInPeriod,
  deleteFolderRow,
  deleteVendorFolders,
  findChildByName,
  findRoot,
  holdsProtected,
  listChildren,
  lockLiveSubtree,
  lockRoot,
  queueVendorBlobs,
  reparentTrashed,
  subtreeIds,
  unreadCounters,
  withSubFolders,
} from './folders.repository';
export type { ListingRow } from './listing.repository';
export { folderListing } from './listing.repository';
export type { NodeRow, PageRow } from './nodes.repository';
export { folderPage, folderPageAtStatuses, trashPage } from './nodes.repository';

/*
 * The theme rule (`../theme-access.ts`) on every folder and document found for a person: one
 * they do not see is absent (undefined, so 404 to them). Without `vendor.themes`, as found.
 */
const visible = (vendor: VendorRef, folder: FolderRow | undefined) =>
  folder && seesFolder(vendor.themes, folder) ? folder : undefined;

async function visibleDocument(db: Db, vendor: VendorRef, doc: DocumentRow | undefined) {
  if (!doc || !vendor.themes) return doc;
  return visible(vendor, await folders.findFolder(db, vendor, doc.folderId)) ? doc : undefined;
}

export const findFolder = async (db: Db, vendor: VendorRef, id: number) =>
  visible(vendor, await folders.findFolder(db, vendor, id));

export const lockFolder = async (tx: Db, vendor: VendorRef, id: number) =>
  visible(vendor, await folders.lockFolder(tx, vendor, id));

export const findDocument = async (db: Db, vendor: VendorRef, id: number) =>
  visibleDocument(db, vendor, await docs.findDocument(db, vendor, id));

export const lockDocument = async (tx: Db, vendor: VendorRef, id: number) =>
  visibleDocument(tx, vendor, await docs.lockDocument(tx, vendor, id));

/** A document's versions (none when the person does not see the document). */
export async function listVersions(db: Db, vendor: VendorRef, documentId: number) {
  if (vendor.themes && !(await findDocument(db, vendor, documentId))) return [];
  return docs.listVersions(db, vendor, documentId);
}

/** Sets a folder read-only or not (its name changes through the filing's `renameFolder`). */
export const setFolderReadOnly = (tx: Db, vendor: VendorRef, id: number, readOnly: boolean) =>
  folders.updateFolder(tx, vendor, id, { readOnly });

/** Files a document in an accounting period, with its start date (its name: `renameDocument`). */
export const setDocumentPeriod = (
  tx: Db,
  vendor: VendorRef,
  id: number,
  values: Partial<Pick<DocumentRow, 'accountingPeriodId' | 'startDate'>>,
) => docs.updateDocument(tx, vendor, id, values);

/** A same-name clash of the unique indexes, as the spec's conflict answer. */
export function nameConflict(error: unknown, field = 'name'): AppError | null {
  const constraint = uniqueViolation(error);
  if (constraint === 'folders_name_key' || constraint === 'documents_name_key')
    return fieldError('node-name-conflict', field);
  return null;
}

/**
 * Refuses a change inside a read-only folder unless the actor may force it, and inside a folder
 * the person sees read-only by theme (`theme-read-only`; hidden or absent: 404) whoever they are.
 */
export function assertWritable(
  folder: FolderRow | undefined,
  scope: Pick<Scope, 'mayValidate'> & { vendor: VendorRef },
): void {
  if (!folder) throw new AppError('not-found');
  assertThemeWritable(scope.vendor.themes, folder);
  if (folder.readOnly && !scope.mayValidate) throw new AppError('node-readonly');
}

/** Refuses to rename, move or delete a folder the person sees read-only by theme (or not at all). */
export function assertFolderWritable(folder: FolderRow, scope: { vendor: VendorRef }): void {
  assertThemeWritable(scope.vendor.themes, folder);
}

/**
 * Refuses (403 `theme-restricted-content`) to take along, in a move, a deletion, a restoration or
 * a purge, folders the person does not see or may not change by theme: like SharePoint, which
 * refuses to move or delete a folder holding items one may not delete (docs/decisions.md). Which
 * folders: `ids`, a trashed folder with what its deletion took along, or the whole trash.
 */
export async function assertThemeWritableAll(
  db: Db,
  vendor: VendorRef,
  which: { ids: number[] } | { trashedWith: number } | 'trash',
): Promise<void> {
  if (!vendor.themes) return;
  const found =
    which === 'trash'
      ? await tags.tagsOfTrash(db, vendor)
      : 'ids' in which
        ? which.ids.length
          ? await tags.tagsOf(db, vendor, which.ids)
          : []
        : await tags.tagsOfTrashed(db, vendor, which.trashedWith);
  if (found.some((effective) => themeVerdict(vendor.themes, effective) !== 'write'))
    throw new AppError('theme-restricted-content');
}

/**
 * The live item of `parentId` holding `name`, folder or document: no two items of one parent
 * share a name whatever their kind, compared case-insensitively (`lower()`, as the unique
 * indexes do). Asked under the parent's lock, which every change of its names takes.
 */
export async function takenName(
  db: Db,
  vendor: VendorRef,
  parentId: number,
  name: string,
): Promise<{ folder?: FolderRow; document?: DocumentRow } | null> {
  const folder = await folders.findChildByName(db, vendor, parentId, name);
  if (folder) return { folder };
  const document = await docs.findByName(db, vendor, parentId, name);
  return document ? { document } : null;
}

/** Refuses `name` in `parentId` when an item other than `self` holds it (`node-name-conflict`). */
export async function assertNameFree(
  db: Db,
  vendor: VendorRef,
  parentId: number,
  name: string,
  self: { folderId?: number; documentId?: number } = {},
  field = 'name',
): Promise<void> {
  const taken = await takenName(db, vendor, parentId, name);
  if (!taken) return;
  if (taken.folder && taken.folder.id === self.folderId) return;
  if (taken.document && taken.document.id === self.documentId) return;
  throw fieldError('node-name-conflict', field);
}

/** The live item named `name` in `parentId` as the person sees it (a hidden folder: null). */
export async function visibleChild(db: Db, vendor: VendorRef, parentId: number, name: string) {
  const taken = await takenName(db, vendor, parentId, name);
  if (taken?.folder && !visible(vendor, taken.folder)) return null;
  return taken;
}

/**
 * The first free "name (n)" in `parentId` among folders and documents alike: "name (2).ext" for a
 * document (before its extension), "name (2)" for a folder.
 */
export async function freeName(
  db: Db,
  vendor: VendorRef,
  parentId: number,
  name: string,
  kind: 'folder' | 'document',
): Promise<string> {
  const ext = kind === 'document' ? extensionOf(name) : '';
  const stem = ext ? name.slice(0, -(ext.length + 1)) : name;
  const taken = new Set(await folders.childNamesLike(db, vendor, parentId, stem));
  if (!ext) return numberedFreeName(name, taken);
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n}).${name.slice(-ext.length)}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * The tree structure a client file's folders follow: the one given, else the client file's own,
 * else its firm's default (the firm's own default structure, else the platform's), as a new
 * client file gets (docs/decisions.md).
 */
async function structureOf(tx: Db, vendor: VendorRef & { treeStructureId?: number | null }) {
  return (
    vendor.treeStructureId ??
    (await folders.vendorTreeStructureId(tx, vendor)) ??
    (await defaultTreeStructureId(tx, vendor.accountingFirmId))
  );
}

/**
 * Creates the root and the folders of the client file's tree structure (`structureOf`), each with
 * its position in it (`catalog_tree_folder_id`, depth-first order), in the caller's transaction.
 * Does nothing when the root exists: a second call, or a concurrent one (which waits on the root's
 * unique index, then finds it), adds no folder. Answers whether it created them.
 */
export async function createFolders(
  tx: Db,
  vendor: VendorRef & { treeStructureId?: number | null },
): Promise<boolean> {
  const { row: root, created } = await folders.insertRoot(tx, vendor);
  if (!created) return false;
  let position = 0;
  const add = async (parentId: number, list: folders.TreeFolder[]) => {
    for (const folder of list) {
      position += 1;
      const row = await folders.insertFolder(tx, vendor, {
        parentId,
        name: folder.name,
        catalogTreeFolderId: position,
      });
      await add(row.id, folder.children ?? []);
    }
  };
  await add(root.id, await folders.treeStructureOf(tx, await structureOf(tx, vendor)));
  return true;
}

/**
 * Gives every client file made before the document manager its root and tree folders (at
 * start-up), each in its own transaction; answers how many it gave folders to (another process
 * starting at the same time gives each client file its folders once, and counts it once).
 */
export async function ensureAllVendorFolders(db: Db): Promise<number> {
  let given = 0;
  for (const vendor of await folders.vendorsWithoutRoot(db))
    if (await db.transaction((tx) => createFolders(tx, vendor))) given += 1;
  return given;
}

/** The root of the client file, created with its tree folders on first use for one made without. */
export async function rootOf(ctx: AppContext, vendor: VendorRef): Promise<FolderRow> {
  const root = await folders.findRoot(ctx.db, vendor);
  if (root) return root;
  await ctx.db.transaction((tx) => createFolders(tx, vendor));
  return (await folders.findRoot(ctx.db, vendor))!;
}

/** A live folder of the client file, or 404 (a folder in the trash is not addressable). */
export async function liveFolder(db: Db, vendor: VendorRef, id: number): Promise<FolderRow> {
  const folder = await findFolder(db, vendor, id);
  if (!folder || folder.deletedAt) throw new AppError('not-found');
  return folder;
}
