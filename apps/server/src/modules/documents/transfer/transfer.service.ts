import { randomInt } from 'node:crypto';
import { extensionOf, type NodesOutcome, type TransferNodesRequest } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import * as docs from '../documents/documents.repository';
import * as folders from '../folders/folders.repository';
import { assertWritable, nameConflict } from '../folders/folders.service';
import { freeDocumentName, freeFolderName } from '../free-names';
import * as trash from '../trash/trash.repository';
import { authorizeVendor, type Scope } from '../vendor-access';
import * as repo from './transfer.repository';

declare module '../../../platform/events/events' {
  interface AppEvents {
    /** Documents and folders moved to another folder of their client file (after the commit). */
    'nodes.moved': NodesMoved;
  }
}
export type NodesMoved = {
  accountingFirmId: number;
  vendorId: number;
  userId: number;
  documentIds: number[];
  folderIds: number[];
};

export type TransferMode = 'move' | 'copy';

/** One move or copy in progress: its transaction, choices, outcome and the events to emit after commit. */
type Run = {
  tx: Db;
  scope: Scope;
  mode: TransferMode;
  request: TransferNodesRequest;
  outcome: NodesOutcome;
  created: number[];
  versions: { documentId: number; versionId: number }[];
  trashed: number[];
};

const invalidIn = (field: 'document_ids' | 'folder_ids') =>
  fieldError('validation-failed', field, 'invalid-id');

/** A copy of a version's content as a new version (same blob, a new stored name, not validated). */
async function copyVersion(run: Run, from: docs.DocumentRow, onto: docs.DocumentRow) {
  const v = (await docs.findVersion(run.tx, run.scope.vendor, from.id, from.currentVersionId!))!;
  const ext = extensionOf(v.storedName);
  await docs.unqueueBlob(run.tx, v.blobKey);
  const added = await docs.addVersion(run.tx, run.scope.vendor, onto, {
    blobKey: v.blobKey,
    size: v.size,
    mimeType: v.mimeType,
    originalName: v.originalName,
    storedName: `${Date.now()}${randomInt(0, 100)}${ext ? `.${ext}` : ''}`,
    md5: v.md5,
    authorId: v.authorId,
  });
  run.versions.push({ documentId: onto.id, versionId: added.id });
}

/**
 * Puts a document into `targetId`: moved (its row changes folder) or copied (a new document with
 * its latest version). A same-name document there: refused, the newcomer renamed, or the
 * newcomer's content added as its new version (a moved document then goes to the trash).
 */
async function placeDocument(run: Run, doc: docs.DocumentRow, targetId: number): Promise<void> {
  const { tx, scope } = run;
  let name = doc.name;
  const clash = await docs.findByName(tx, scope.vendor, targetId, name);
  // A copy beside itself clashes with itself, and can only be renamed.
  if (clash && (clash.id !== doc.id || run.mode === 'copy')) {
    if (run.request.conflict === 'refuse') throw fieldError('node-name-conflict', 'document_ids');
    if (run.request.conflict === 'version' && clash.id !== doc.id) {
      // The clashing document's folder receives the version: the same write rule as an upload there.
      assertWritable((await folders.findFolder(tx, scope.vendor, targetId))!, scope);
      await copyVersion(run, doc, (await docs.lockDocument(tx, scope.vendor, clash.id))!);
      if (run.mode === 'move') {
        await trash.trashDocument(tx, scope.vendor, doc.id, scope.actor.userId);
        run.trashed.push(doc.id);
      }
      return;
    }
    name = await freeDocumentName(tx, scope.vendor, targetId, name);
  }
  if (run.mode === 'move') {
    await docs.updateDocument(tx, scope.vendor, doc.id, { folderId: targetId, name });
    return;
  }
  const copy = await docs.insertDocument(tx, scope.vendor, {
    folderId: targetId,
    name,
    createdBy: scope.actor.userId,
  });
  const dated = (await docs.updateDocument(tx, scope.vendor, copy.id, {
    accountingPeriodId: doc.accountingPeriodId,
    startDate: doc.startDate,
  }))!;
  await copyVersion(run, doc, dated);
  run.created.push(copy.id);
}

/**
 * Puts a folder into `targetId` with its live content. A same-name folder there: refused, the
 * newcomer renamed, or both merged (the newcomer's content goes into it, item by item, under the
 * same choices; a moved folder left empty is deleted, its trashed items following its content).
 */
async function placeFolder(run: Run, folder: folders.FolderRow, targetId: number): Promise<void> {
  const { tx, scope } = run;
  let name = folder.name;
  const clash = await folders.findChildByName(tx, scope.vendor, targetId, name);
  if (clash && (clash.id !== folder.id || run.mode === 'copy')) {
    if (run.request.folder_conflict === 'refuse') throw fieldError('node-name-conflict', 'folder_ids');
    if (run.request.folder_conflict === 'merge' && clash.id !== folder.id) {
      // The folder merged into receives the newcomer's content: the same write rule as an upload there.
      assertWritable(clash, scope);
      for (const child of await folders.listChildren(tx, scope.vendor, folder.id))
        await placeFolder(run, child, clash.id);
      for (const doc of await repo.liveDocumentsIn(tx, scope.vendor, folder.id))
        await placeDocument(run, doc, clash.id);
      if (run.mode === 'move') {
        await repo.reparentTrashed(tx, scope.vendor, folder.id, clash.id);
        await repo.deleteFolderRow(tx, scope.vendor, folder.id);
      }
      return;
    }
    name = await freeFolderName(tx, scope.vendor, targetId, name);
  }
  if (run.mode === 'move') {
    await folders.updateFolder(tx, scope.vendor, folder.id, { parentId: targetId, name });
    return;
  }
  const copy = await folders.insertFolder(tx, scope.vendor, {
    parentId: targetId,
    name,
    createdBy: scope.actor.userId,
  });
  for (const child of await folders.listChildren(tx, scope.vendor, folder.id))
    await placeFolder(run, child, copy.id);
  for (const doc of await repo.liveDocumentsIn(tx, scope.vendor, folder.id))
    await placeDocument(run, doc, copy.id);
}

async function transferFolder(run: Run, id: number, target: folders.FolderRow): Promise<void> {
  const { tx, scope } = run;
  const folder = await folders.lockFolder(tx, scope.vendor, id);
  if (!folder || folder.deletedAt) throw invalidIn('folder_ids');
  if (folder.parentId === null) throw new AppError('node-readonly');
  const subtree = await trash.lockLiveSubtree(tx, scope.vendor, folder.id);
  if (subtree.includes(target.id)) throw fieldError('validation-failed', 'folder_id', 'folder-into-itself');
  if (run.mode === 'move') {
    assertWritable((await folders.findFolder(tx, scope.vendor, folder.parentId))!, scope);
    if (folder.catalogTreeFolderId !== null && !run.request.move_default_folders)
      throw new AppError('default-folder-move', { fields: { move_default_folders: ['required'] } });
    if (await trash.holdsProtected(tx, scope.vendor, subtree)) {
      run.outcome.skipped_folder_ids.push(id);
      return;
    }
    if (folder.parentId !== target.id) await placeFolder(run, folder, target.id);
  } else await placeFolder(run, folder, target.id);
  run.outcome.folder_ids.push(id);
}

async function transferDocument(run: Run, id: number, target: folders.FolderRow): Promise<void> {
  const { tx, scope } = run;
  const doc = await docs.lockDocument(tx, scope.vendor, id);
  if (!doc || doc.deletedAt) throw invalidIn('document_ids');
  if (run.mode === 'move') {
    const source = (await folders.findFolder(tx, scope.vendor, doc.folderId))!;
    assertWritable(source, scope);
    if (source.readOnly || (await trash.isValidated(tx, scope.vendor, doc.id))) {
      run.outcome.skipped_document_ids.push(id);
      return;
    }
    if (doc.folderId !== target.id) await placeDocument(run, doc, target.id);
  } else await placeDocument(run, doc, target.id);
  run.outcome.document_ids.push(id);
}

/**
 * Moves or copies a selection into a folder, in one transaction under the client file's tree
 * lock. Moves leave validated documents, read-only folders and their content in place (listed as
 * skipped); a default folder moves only with `move_default_folders`.
 */
export async function transfer(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  request: TransferNodesRequest,
  mode: TransferMode,
): Promise<NodesOutcome> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.write');
  const run = await ctx.db
    .transaction(async (tx) => {
      const run: Run = {
        tx,
        scope,
        mode,
        request,
        outcome: { document_ids: [], folder_ids: [], skipped_document_ids: [], skipped_folder_ids: [] },
        created: [],
        versions: [],
        trashed: [],
      };
      await folders.lockRoot(tx, scope.vendor);
      const target = await folders.lockFolder(tx, scope.vendor, request.folder_id);
      if (!target || target.deletedAt) throw fieldError('validation-failed', 'folder_id', 'invalid-id');
      if (target.parentId === null && request.document_ids.length) throw new AppError('document-at-root');
      assertWritable(target, scope);
      for (const id of new Set(request.folder_ids)) await transferFolder(run, id, target);
      for (const id of new Set(request.document_ids)) await transferDocument(run, id, target);
      return run;
    })
    .catch((error) => {
      throw nameConflict(error, 'folder_id') ?? error;
    });
  const base = {
    accountingFirmId: scope.vendor.accountingFirmId,
    vendorId: scope.vendor.id,
    userId: actor.userId,
  };
  for (const documentId of run.created) ctx.events.emit('document.created', { ...base, documentId });
  if (mode === 'move' && (run.outcome.document_ids.length || run.outcome.folder_ids.length))
    ctx.events.emit('nodes.moved', {
      ...base,
      documentIds: run.outcome.document_ids,
      folderIds: run.outcome.folder_ids,
    });
  for (const v of run.versions) ctx.events.emit('document.version_added', { ...base, ...v });
  for (const documentId of run.trashed)
    ctx.events.emit('document.deleted', { ...base, documentId, permanent: false });
  return run.outcome;
}
