import type { DeleteNodesRequest, NodesOutcome, NodesQuery, RestoreNodesRequest } from '@portal/contracts';
import type { AppContext, AuditSeam, SignaturesSeam } from '../../../app-context';
import type { Db } from '../../../db/client';
import { can } from '../../../platform/access/access';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import { pageOffset, paginated } from '../../../platform/http/pagination';
import { recordDocumentEvents } from '../document-notifications';
import { toNode } from '../folders/folders.service';
import { assertNoLegalHold } from '../storage-policy/legal-hold.service';
import { filingIn, makeFolder, personFiling } from '../tree/filing.service';
import { auditFiling } from '../tree/filing-audit';
import * as tree from '../tree/tree.service';
import { assertFolderWritable, assertWritable, freeName, nameConflict } from '../tree/tree.service';
import { authorizeVendor, type Scope } from '../vendor-access.service';
import * as repo from './trash.repository';

declare module '../../../platform/events/events' {
  interface AppEvents {
    /** A document went to the trash (`permanent` false) or was deleted for good (true). */
    'document.deleted': {
      accountingFirmId: number;
      vendorId: number;
      documentId: number;
      userId: number;
      permanent: boolean;
    };
  }
}

const invalidIn = (field: 'document_ids' | 'folder_ids') =>
  fieldError('validation-failed', field, 'invalid-id');

type Trashed = { outcome: NodesOutcome; documentIds: number[] };

/**
 * Moves a selection to the trash in one transaction: a folder with its live subtree, a document
 * on its own. Validated documents, read-only folders, documents of a read-only folder and folders
 * holding any of them are skipped unless `force` (which needs `documents.validate`).
 */
async function trashSelection(
  tx: Db,
  scope: Scope,
  request: DeleteNodesRequest,
  signatures: SignaturesSeam,
  audit: AuditSeam,
): Promise<Trashed> {
  const logged = { audit, tx, vendor: scope.vendor, by: { userId: scope.actor.userId } };
  const outcome: NodesOutcome = {
    document_ids: [],
    folder_ids: [],
    skipped_document_ids: [],
    skipped_folder_ids: [],
  };
  const documentIds = new Set<number>();
  const done = new Set<number>();
  const { vendor, actor } = scope;
  await tree.lockRoot(tx, vendor);
  for (const id of new Set(request.folder_ids)) {
    const folder = await tree.lockFolder(tx, vendor, id);
    if (folder && done.has(folder.id)) {
      outcome.folder_ids.push(id);
      continue;
    }
    if (!folder || folder.deletedAt) throw invalidIn('folder_ids');
    if (folder.parentId === null) throw new AppError('node-readonly');
    assertWritable((await tree.findFolder(tx, vendor, folder.parentId))!, scope);
    assertFolderWritable(folder, scope);
    const subtree = await tree.lockLiveSubtree(tx, vendor, folder.id);
    await tree.assertThemeWritableAll(tx, vendor, { ids: subtree });
    if (!request.force && (await tree.holdsProtected(tx, vendor, subtree))) {
      outcome.skipped_folder_ids.push(id);
      continue;
    }
    const trashed = await repo.trashSubtree(tx, vendor, folder.id, subtree, actor.userId);
    // A document under an open signature request holds its folders back, forced or not.
    if ((await signatures.inSignature(tx, vendor, trashed)).size) throw new AppError('document-in-signature');
    for (const d of trashed) documentIds.add(d);
    for (const f of subtree) done.add(f);
    await auditFiling(
      logged,
      'folder.deleted',
      { type: 'folder', id: folder.id, name: folder.name },
      {
        documents: trashed.length,
        forced: request.force ?? false,
      },
    );
    outcome.folder_ids.push(id);
  }
  for (const id of new Set(request.document_ids)) {
    const doc = await tree.lockDocument(tx, vendor, id);
    if (doc && documentIds.has(doc.id)) {
      outcome.document_ids.push(id);
      continue;
    }
    if (!doc || doc.deletedAt) throw invalidIn('document_ids');
    const folder = (await tree.findFolder(tx, vendor, doc.folderId))!;
    assertWritable(folder, scope);
    if ((await signatures.inSignature(tx, vendor, [doc.id])).size)
      throw new AppError('document-in-signature');
    if (!request.force && (folder.readOnly || (await tree.isValidated(tx, vendor, doc.id)))) {
      outcome.skipped_document_ids.push(id);
      continue;
    }
    await tree.trashDocument(tx, vendor, doc.id, actor.userId);
    await auditFiling(
      logged,
      'document.deleted',
      { type: 'document', id: doc.id, name: doc.name },
      {
        folder_id: doc.folderId,
      },
    );
    documentIds.add(doc.id);
    outcome.document_ids.push(id);
  }
  return { outcome, documentIds: [...documentIds] };
}

function emitDeleted(ctx: AppContext, scope: Scope, ids: number[], permanent: boolean): void {
  for (const documentId of ids)
    ctx.events.emit('document.deleted', {
      accountingFirmId: scope.vendor.accountingFirmId,
      vendorId: scope.vendor.id,
      documentId,
      userId: scope.actor.userId,
      permanent,
    });
}

/** Deletes a selection to the trash; the outcome lists what was skipped (validated, read-only). */
export async function deleteNodes(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  request: DeleteNodesRequest,
) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.write');
  if (request.force && !scope.mayValidate) throw new AppError('forbidden');
  const { outcome, documentIds } = await ctx.db.transaction(async (tx) => {
    const trashed = await trashSelection(tx, scope, request, ctx.signatures, ctx.audit);
    await recordDocumentEvents(ctx, tx, scope.vendor, actor, 'document.deleted', trashed.documentIds);
    return trashed;
  });
  emitDeleted(ctx, scope, documentIds, false);
  return outcome;
}

/** `DELETE` of one document: to the trash, or `node-validated` when it is protected and not forced. */
export async function deleteDocument(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  id: number,
  force: boolean,
) {
  const outcome = await deleteNodes(ctx, actor, vendorId, {
    document_ids: [id],
    folder_ids: [],
    force,
  }).catch((error) => {
    throw notFoundForOne(error);
  });
  if (outcome.skipped_document_ids.length) throw new AppError('node-validated');
}

/** `DELETE` of one folder: to the trash with its subtree, unless it holds protected items. */
export async function deleteFolder(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  id: number,
  force: boolean,
) {
  const outcome = await deleteNodes(ctx, actor, vendorId, {
    document_ids: [],
    folder_ids: [id],
    force,
  }).catch((error) => {
    throw notFoundForOne(error);
  });
  if (outcome.skipped_folder_ids.length) throw new AppError('folder-non-deletable-nodes-contained');
}

/** An id of the path that names nothing live is a 404, not a field error. */
function notFoundForOne(error: unknown): unknown {
  return error instanceof AppError && error.code === 'validation-failed' ? new AppError('not-found') : error;
}

/** A page of the trash: what was deleted on its own, newest first. */
export async function trashList(ctx: AppContext, actor: Actor, vendorId: number, query: NodesQuery) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  const rows = await tree.trashPage(ctx.db, scope.vendor, actor.userId, query.per_page, pageOffset(query));
  return paginated(
    rows.map((r) => toNode(r)),
    query,
    rows[0]?.total ?? 0,
  );
}

/**
 * The live folder standing for `folderId`: itself when live, else one of its name recreated (or
 * found) under the live folder standing for its parent, up to the first live ancestor.
 */
async function liveStandIn(tx: Db, scope: Scope, folderId: number): Promise<number> {
  const folder = await tree.lockFolder(tx, scope.vendor, folderId);
  // A parent hidden from the person by theme: as absent.
  if (!folder) throw new AppError('not-found');
  if (!folder.deletedAt) return folder.id;
  const parent = await liveStandIn(tx, scope, folder.parentId!);
  const same = await tree.takenName(tx, scope.vendor, parent, folder.name);
  if (same?.folder) return same.folder.id;
  // A document holds the name: the stand-in is "name (2)".
  const name = same ? await freeName(tx, scope.vendor, parent, folder.name, 'folder') : folder.name;
  const created = await makeFolder(filingIn(tx, personFiling(scope)), parent, name, {
    catalogTreeFolderId: folder.catalogTreeFolderId,
  });
  return created.id;
}

/**
 * Restores items of the trash to their place, recreating missing parents; one transaction. Items
 * not in the trash are skipped; a folder taken along by another's deletion comes back with it.
 * Without `documents.restore_others` (client users), only what the caller deleted: 403 otherwise.
 */
export async function restore(ctx: AppContext, actor: Actor, vendorId: number, request: RestoreNodesRequest) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.write');
  const { vendor } = scope;
  const restoresOthers = can(
    await ctx.access.grantFor(actor, { kind: 'vendor', vendorId }),
    'documents.restore_others',
  );
  const assertMayRestore = (row: { deletedBy: number | null }) => {
    if (!restoresOthers && row.deletedBy !== actor.userId) throw new AppError('forbidden');
  };
  const outcome: NodesOutcome = {
    document_ids: [],
    folder_ids: [],
    skipped_document_ids: [],
    skipped_folder_ids: [],
  };
  try {
    await ctx.db.transaction(async (tx) => {
      const logged = { audit: ctx.audit, tx, vendor, by: { userId: actor.userId } };
      await tree.lockRoot(tx, vendor);
      for (const id of new Set(request.folder_ids)) {
        const folder = await tree.lockFolder(tx, vendor, id);
        if (!folder || folder.trashedWith !== null) throw invalidIn('folder_ids');
        if (!folder.deletedAt) {
          outcome.skipped_folder_ids.push(id);
          continue;
        }
        assertMayRestore(folder);
        await tree.assertThemeWritableAll(tx, vendor, { trashedWith: folder.id });
        const parent = await liveStandIn(tx, scope, folder.parentId!);
        assertWritable((await tree.findFolder(tx, vendor, parent))!, scope);
        let name = folder.name;
        if (await tree.takenName(tx, vendor, parent, name)) {
          if (request.conflict === 'refuse') throw fieldError('node-name-conflict', 'folder_ids');
          name = await freeName(tx, vendor, parent, name, 'folder');
        }
        await repo.untrashFolder(tx, vendor, folder.id, parent, name);
        await auditFiling(
          logged,
          'folder.restored',
          { type: 'folder', id: folder.id, name },
          { parent_id: parent },
        );
        outcome.folder_ids.push(id);
      }
      for (const id of new Set(request.document_ids)) {
        const doc = await tree.lockDocument(tx, vendor, id);
        if (!doc) throw invalidIn('document_ids');
        if (!doc.deletedAt) {
          outcome.skipped_document_ids.push(id);
          continue;
        }
        assertMayRestore(doc);
        const target = await liveStandIn(tx, scope, doc.folderId);
        assertWritable((await tree.findFolder(tx, vendor, target))!, scope);
        let name = doc.name;
        if (await tree.takenName(tx, vendor, target, name)) {
          if (request.conflict === 'refuse') throw fieldError('node-name-conflict', 'document_ids');
          name = await freeName(tx, vendor, target, name, 'document');
        }
        await repo.untrashDocument(tx, vendor, doc.id, target, name);
        await auditFiling(
          logged,
          'document.restored',
          { type: 'document', id: doc.id, name },
          {
            folder_id: target,
          },
        );
        outcome.document_ids.push(id);
      }
    });
  } catch (error) {
    throw nameConflict(error, 'document_ids') ?? error;
  }
  return outcome;
}

/**
 * Empties the client file's trash for good (blobs no version names any more go with the cleanup):
 * `documents.purge`, a firm right (client users restore, they do not destroy).
 */
export async function emptyTrash(ctx: AppContext, actor: Actor, vendorId: number) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.purge');
  const ids = await ctx.db.transaction(async (tx) => {
    await tree.lockRoot(tx, scope.vendor);
    await assertNoLegalHold(tx, scope.vendor);
    await tree.assertThemeWritableAll(tx, scope.vendor, 'trash');
    return repo.emptyTrash(tx, scope.vendor);
  });
  emitDeleted(ctx, scope, ids, true);
}

/**
 * The document of `name` in `folderId` that the caller sent to the trash within the last
 * `seconds`: the network drive's office saves bring it back (issue 27).
 */
export async function recentlyTrashedBy(
  ctx: AppContext,
  scope: Scope,
  folderId: number,
  name: string,
  seconds: number,
): Promise<number | null> {
  return repo.recentlyTrashedDocument(ctx.db, scope.vendor, folderId, name, scope.actor.userId, seconds);
}
