import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors/app-error';
import * as trash from '../documents/trash/trash.service';
import * as filing from '../documents/tree/filing.service';
import * as tree from '../documents/tree/tree.service';
import type { Scope } from '../documents/vendor-access.service';
import { type DavNode, resolve } from './dav.service';
import { copyProperties } from './dav-properties.repository';
import { assertKeptName, DavStatus } from './dav-writes.service';

/**
 * MOVE and COPY (RFC 4918, sections 9.8 and 9.9) with the document manager's rules, through the
 * filing's primitives in one transaction under the client file's tree lock: a folder MOVE is one
 * update of the folder's row (its content follows by its parent id), whatever its size.
 */

export type TransferMode = 'move' | 'copy';

type Item = Extract<DavNode, { kind: 'document' | 'folder' }>;

const isItem = (node: DavNode): node is Item => node.kind === 'document' || node.kind === 'folder';

/** The item at `to` is replaced (Overwrite: T): a document onto a document gets a version. */
async function overwrite(ctx: AppContext, actor: Actor, mode: TransferMode, source: Item, dest: Item) {
  if (source.kind === 'document' && dest.kind === 'document') {
    const run = await ctx.db.transaction(async (tx) => {
      const f = filing.filingIn(tx, filing.personFiling(dest.scope), ctx.jobs, ctx.audit);
      const target = await tree.lockDocument(tx, dest.scope.vendor, dest.doc.id);
      if (!target || target.deletedAt) throw new AppError('not-found');
      tree.assertWritable(dest.parent, dest.scope);
      const from = (await tree.lockDocument(tx, source.scope.vendor, source.doc.id))!;
      const { content } = await filing.contentOf(f, from);
      await filing.addVersion(f, target, content);
      return f;
    });
    filing.emitFiled(ctx, run, run.log);
    if (mode === 'move') await trashItem(ctx, actor, source);
    return true;
  }
  // A collection, or a kind change: the destination goes to the trash first (RFC 4918 replaces).
  await trashItem(ctx, actor, dest);
  return false;
}

async function trashItem(ctx: AppContext, actor: Actor, item: Item) {
  try {
    if (item.kind === 'document')
      await trash.deleteDocument(ctx, actor, item.scope.vendor.id, item.doc.id, false);
    else await trash.deleteFolder(ctx, actor, item.scope.vendor.id, item.folder.id, false);
  } catch (error) {
    if (error instanceof AppError && error.status === 422) throw new DavStatus(403);
    throw error;
  }
}

/** MOVE or COPY of `from` to `to`: whether a new resource was created (201) or one replaced (204). */
export async function transfer(
  ctx: AppContext,
  actor: Actor,
  mode: TransferMode,
  from: string[],
  to: string[],
  options: { overwrite: boolean; shallow: boolean },
): Promise<{ created: boolean }> {
  const source = await resolve(ctx, actor, from, mode === 'move' ? 'documents.write' : 'documents.read');
  if (source.kind === 'missing') throw new AppError('not-found');
  if (!isItem(source)) throw new DavStatus(403);
  // Another firm's or client file's path is absent (404); a missing folder inside the client file: 409.
  await resolve(ctx, actor, to.slice(0, 2), 'documents.write');
  const dest = await resolve(ctx, actor, to, 'documents.write').catch((error) => {
    if (error instanceof AppError && error.code === 'not-found') throw new DavStatus(409);
    throw error;
  });
  if (!('scope' in dest) || dest.scope.vendor.id !== source.scope.vendor.id) throw new DavStatus(403);
  if (dest.kind === 'client') throw new DavStatus(403);
  const sameItem =
    (dest.kind === 'document' && source.kind === 'document' && dest.doc.id === source.doc.id) ||
    (dest.kind === 'folder' && source.kind === 'folder' && dest.folder.id === source.folder.id);
  if (sameItem) throw new DavStatus(403);
  let created = true;
  if (isItem(dest)) {
    if (!options.overwrite) throw new DavStatus(412);
    if (await overwrite(ctx, actor, mode, source, dest)) return { created: false };
    created = false;
  }
  const parent = dest.parent;
  const name =
    dest.kind === 'missing' ? dest.name : dest.kind === 'document' ? dest.doc.name : dest.folder.name;
  if (source.kind === 'document' && parent.parentId === null) throw new DavStatus(403);
  assertKeptName(name);
  await place(ctx, source, dest.scope, parent.id, name, mode, options.shallow);
  return { created };
}

async function place(
  ctx: AppContext,
  source: Item,
  scope: Scope,
  parentId: number,
  name: string,
  mode: TransferMode,
  shallow: boolean,
) {
  const f = await ctx.db.transaction(async (tx) => {
    const f = filing.filingIn(tx, filing.personFiling(scope), ctx.jobs, ctx.audit);
    await transferIn(f, tx);
    // New and moved nodes take the status of the workflow they now stand under, before the commit.
    await filing.settleWorkflows(ctx, f);
    return f;
  });
  filing.emitFiled(ctx, f, f.log);

  async function transferIn(f: filing.InTx, tx: filing.InTx['tx']) {
    await tree.lockRoot(tx, scope.vendor);
    const target = await tree.lockFolder(tx, scope.vendor, parentId);
    if (!target || target.deletedAt) throw new DavStatus(409);
    tree.assertWritable(target, scope);
    if (source.kind === 'document') {
      const doc = await tree.lockDocument(tx, scope.vendor, source.doc.id);
      if (!doc || doc.deletedAt) throw new AppError('not-found');
      if (mode === 'copy') {
        const copy = await filing.copyDocument(f, doc, target.id, name);
        await copyProperties(
          tx,
          scope.vendor,
          { type: 'document', id: doc.id },
          { type: 'document', id: copy.documentId },
        );
      } else {
        const from = (await tree.findFolder(tx, scope.vendor, doc.folderId))!;
        tree.assertWritable(from, scope);
        if (from.readOnly || (await tree.isValidated(tx, scope.vendor, doc.id))) throw new DavStatus(403);
        await filing.moveDocument(f, doc, target.id, name);
      }
      return;
    }
    const folder = await tree.lockFolder(tx, scope.vendor, source.folder.id);
    if (!folder || folder.deletedAt || folder.parentId === null) throw new AppError('not-found');
    const subtree = await tree.lockLiveSubtree(tx, scope.vendor, folder.id);
    if (subtree.includes(target.id)) throw new DavStatus(403);
    if (mode === 'copy') {
      await copyFolder(f, scope, folder, target.id, name, shallow);
      return;
    }
    tree.assertWritable((await tree.findFolder(tx, scope.vendor, folder.parentId))!, scope);
    tree.assertFolderWritable(folder, scope);
    // A default folder of the tree structure keeps its place; renaming it in place stays allowed.
    if (folder.catalogTreeFolderId !== null && folder.parentId !== target.id) throw new DavStatus(403);
    if (await tree.holdsProtected(tx, scope.vendor, subtree)) throw new DavStatus(403);
    await filing.moveFolder(f, folder, target.id, name);
  }
}

/** Copies a folder (alone with `shallow`: COPY Depth 0), its sub-folders and documents otherwise. */
async function copyFolder(
  f: filing.InTx,
  scope: Scope,
  folder: tree.FolderRow,
  parentId: number,
  name: string,
  shallow: boolean,
) {
  const copy = await filing.makeFolder(f, parentId, name);
  await copyProperties(
    f.tx,
    scope.vendor,
    { type: 'folder', id: folder.id },
    { type: 'folder', id: copy.id },
  );
  if (shallow) return;
  for (const child of await tree.listChildren(f.tx, scope.vendor, folder.id))
    await copyFolder(f, scope, child, copy.id, child.name, false);
  for (const doc of await tree.liveDocumentsIn(f.tx, scope.vendor, folder.id)) {
    const copied = await filing.copyDocument(f, doc, copy.id, doc.name);
    await copyProperties(
      f.tx,
      scope.vendor,
      { type: 'document', id: doc.id },
      { type: 'document', id: copied.documentId },
    );
  }
}
