import type { NodesOutcome, TransferNodesRequest } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import type { InTx } from '../tree/filing.service';
import * as filing from '../tree/filing.service';
import * as tree from '../tree/tree.service';
import { assertFolderWritable, assertWritable, nameConflict } from '../tree/tree.service';
import { authorizeVendor, type Scope } from '../vendor-access.service';

export type TransferMode = 'move' | 'copy';

/** One move or copy in progress: its filing in the transaction, choices, outcome, the documents trashed. */
type Run = {
  f: InTx;
  scope: Scope;
  mode: TransferMode;
  request: TransferNodesRequest;
  outcome: NodesOutcome;
  trashed: number[];
};

const invalidIn = (field: 'document_ids' | 'folder_ids') =>
  fieldError('validation-failed', field, 'invalid-id');

/**
 * Puts a document into `targetId`: moved (its row changes folder) or copied (a new document with
 * its latest version). A same-name item there: refused, the newcomer renamed, or, when it is a
 * document, the newcomer's content added as its new version (a moved document then goes to the
 * trash).
 */
async function placeDocument(run: Run, doc: tree.DocumentRow, targetId: number): Promise<void> {
  const { f, scope } = run;
  let name = doc.name;
  const clash = await tree.takenName(f.tx, scope.vendor, targetId, name);
  // A copy beside itself clashes with itself, and can only be renamed.
  if (clash && (clash.document?.id !== doc.id || run.mode === 'copy')) {
    if (run.request.conflict === 'refuse') throw fieldError('node-name-conflict', 'document_ids');
    if (run.request.conflict === 'version' && clash.document && clash.document.id !== doc.id) {
      // The clashing document's folder receives the version: the same write rule as an upload there.
      assertWritable((await tree.findFolder(f.tx, scope.vendor, targetId))!, scope);
      const onto = (await tree.lockDocument(f.tx, scope.vendor, clash.document.id))!;
      const { content, authorId } = await filing.contentOf(f, doc);
      await filing.addVersion(f, onto, content, authorId);
      if (run.mode === 'move') {
        await tree.trashDocument(f.tx, scope.vendor, doc.id, scope.actor.userId);
        run.trashed.push(doc.id);
      }
      return;
    }
    name = await tree.freeName(f.tx, scope.vendor, targetId, name, 'document');
  }
  if (run.mode === 'move') await filing.moveDocument(f, doc, targetId, name, 'document_ids');
  else await filing.copyDocument(f, doc, targetId, name, 'document_ids');
}

/**
 * Puts a folder into `targetId` with its live content. A same-name item there: refused, the
 * newcomer renamed, or, when it is a folder, both merged (the newcomer's content goes into it,
 * item by item, under the same choices; a moved folder left empty is deleted, its trashed items
 * following its content).
 */
async function placeFolder(run: Run, folder: tree.FolderRow, targetId: number): Promise<void> {
  const { f, scope } = run;
  let name = folder.name;
  const clash = await tree.takenName(f.tx, scope.vendor, targetId, name);
  if (clash && (clash.folder?.id !== folder.id || run.mode === 'copy')) {
    if (run.request.folder_conflict === 'refuse') throw fieldError('node-name-conflict', 'folder_ids');
    if (run.request.folder_conflict === 'merge' && clash.folder && clash.folder.id !== folder.id) {
      const into = clash.folder.id;
      // The folder merged into receives the newcomer's content: the same write rule as an upload there.
      assertWritable(clash.folder, scope);
      for (const child of await tree.listChildren(f.tx, scope.vendor, folder.id))
        await placeFolder(run, child, into);
      for (const doc of await tree.liveDocumentsIn(f.tx, scope.vendor, folder.id))
        await placeDocument(run, doc, into);
      if (run.mode === 'move') {
        await tree.reparentTrashed(f.tx, scope.vendor, folder.id, into);
        await tree.deleteFolderRow(f.tx, scope.vendor, folder.id);
      }
      return;
    }
    name = await tree.freeName(f.tx, scope.vendor, targetId, name, 'folder');
  }
  if (run.mode === 'move') {
    await filing.moveFolder(f, folder, targetId, name, 'folder_ids');
    return;
  }
  const copy = await filing.makeFolder(f, targetId, name, { field: 'folder_ids' });
  for (const child of await tree.listChildren(f.tx, scope.vendor, folder.id))
    await placeFolder(run, child, copy.id);
  for (const doc of await tree.liveDocumentsIn(f.tx, scope.vendor, folder.id))
    await placeDocument(run, doc, copy.id);
}

async function transferFolder(run: Run, id: number, target: tree.FolderRow): Promise<void> {
  const { scope } = run;
  const { tx } = run.f;
  const folder = await tree.lockFolder(tx, scope.vendor, id);
  if (!folder || folder.deletedAt) throw invalidIn('folder_ids');
  if (folder.parentId === null) throw new AppError('node-readonly');
  const subtree = await tree.lockLiveSubtree(tx, scope.vendor, folder.id);
  if (subtree.includes(target.id)) throw fieldError('validation-failed', 'folder_id', 'folder-into-itself');
  if (run.mode === 'move') {
    assertWritable((await tree.findFolder(tx, scope.vendor, folder.parentId))!, scope);
    assertFolderWritable(folder, scope);
    await tree.assertThemeWritableAll(tx, scope.vendor, { ids: subtree });
    if (folder.catalogTreeFolderId !== null && !run.request.move_default_folders)
      throw new AppError('default-folder-move', { fields: { move_default_folders: ['required'] } });
    if (await tree.holdsProtected(tx, scope.vendor, subtree)) {
      run.outcome.skipped_folder_ids.push(id);
      return;
    }
    if (folder.parentId !== target.id) await placeFolder(run, folder, target.id);
  } else await placeFolder(run, folder, target.id);
  run.outcome.folder_ids.push(id);
}

async function transferDocument(run: Run, id: number, target: tree.FolderRow): Promise<void> {
  const { scope } = run;
  const { tx } = run.f;
  const doc = await tree.lockDocument(tx, scope.vendor, id);
  if (!doc || doc.deletedAt) throw invalidIn('document_ids');
  if (run.mode === 'move') {
    const source = (await tree.findFolder(tx, scope.vendor, doc.folderId))!;
    assertWritable(source, scope);
    if (source.readOnly || (await tree.isValidated(tx, scope.vendor, doc.id))) {
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
        f: filing.filingIn(tx, filing.personFiling(scope), ctx.jobs, ctx.audit),
        scope,
        mode,
        request,
        outcome: { document_ids: [], folder_ids: [], skipped_document_ids: [], skipped_folder_ids: [] },
        trashed: [],
      };
      await tree.lockRoot(tx, scope.vendor);
      const target = await tree.lockFolder(tx, scope.vendor, request.folder_id);
      if (!target || target.deletedAt) throw fieldError('validation-failed', 'folder_id', 'invalid-id');
      if (target.parentId === null && request.document_ids.length) throw new AppError('document-at-root');
      assertWritable(target, scope);
      for (const id of new Set(request.folder_ids)) await transferFolder(run, id, target);
      for (const id of new Set(request.document_ids)) await transferDocument(run, id, target);
      await filing.settleWorkflows(ctx, run.f);
      return run;
    })
    .catch((error) => {
      throw nameConflict(error, 'folder_id') ?? error;
    });
  filing.emitFiled(ctx, run.f, run.f.log);
  const base = {
    accountingFirmId: scope.vendor.accountingFirmId,
    vendorId: scope.vendor.id,
    userId: actor.userId,
  };
  for (const documentId of run.trashed)
    ctx.events.emit('document.deleted', { ...base, documentId, permanent: false });
  return run.outcome;
}
