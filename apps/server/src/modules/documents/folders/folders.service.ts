import {
  type CreateFolderRequest,
  extensionOf,
  type Folder,
  type FolderNodesQuery,
  type Node,
  type UpdateFolderRequest,
} from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { ThemeGrant } from '../../../platform/access/access';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import { pageOffset, paginatedJson } from '../../../platform/http/pagination';
import { assertFilterStatuses } from '../../workflows/node-status.service';
import { parseWorkflowStatus, viewerOf } from '../../workflows/workflows.sql';
import { themeVerdict } from '../theme-access';
import { filingIn, makeFolder, personFiling, renameFolder } from '../tree/filing.service';
import * as repo from '../tree/tree.service';
import { assertFolderWritable, assertWritable, liveFolder, nameConflict, rootOf } from '../tree/tree.service';
import { authorizeVendor, iso, type Scope } from '../vendor-access.service';

function toFolder(row: repo.FolderRow, hasSub: boolean, counter: number, themes?: ThemeGrant | null): Folder {
  return {
    id: row.id,
    vendor_id: row.vendorId,
    parent_id: row.parentId,
    name: row.name,
    is_root: row.parentId === null,
    read_only: row.readOnly,
    catalog_tree_folder_id: row.catalogTreeFolderId,
    has_sub_folders: hasSub,
    counter,
    effective_theme_ids: row.effectiveThemeIds,
    theme_read_only: themeVerdict(themes, row.effectiveThemeIds) === 'read',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

async function foldersWithCounters(db: Db, scope: Scope, rows: repo.FolderRow[]): Promise<Folder[]> {
  const ids = rows.map((r) => r.id);
  const [sub, counters] = await Promise.all([
    repo.withSubFolders(db, scope.vendor, ids),
    repo.unreadCounters(db, scope.vendor, scope.actor.userId, ids),
  ]);
  return rows.map((r) => toFolder(r, sub.has(r.id), counters.get(r.id) ?? 0, scope.vendor.themes));
}

/**
 * The tree, lazily: without `parentId` the root alone (its counter is the client file's), else
 * the live sub-folders of `parentId`.
 */
export async function tree(ctx: AppContext, actor: Actor, vendorId: number, parentId?: number) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  if (parentId === undefined) return foldersWithCounters(ctx.db, scope, [await rootOf(ctx, scope.vendor)]);
  await liveFolder(ctx.db, scope.vendor, parentId);
  return foldersWithCounters(ctx.db, scope, await repo.listChildren(ctx.db, scope.vendor, parentId));
}

export async function getFolder(ctx: AppContext, actor: Actor, vendorId: number, folderId: number) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  const [folder] = await foldersWithCounters(ctx.db, scope, [
    await liveFolder(ctx.db, scope.vendor, folderId),
  ]);
  return folder!;
}

export async function createFolder(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: CreateFolderRequest,
) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.write');
  await rootOf(ctx, scope.vendor);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const parent = await repo.lockFolder(tx, scope.vendor, input.parent_id);
      if (!parent || parent.deletedAt) throw fieldError('validation-failed', 'parent_id', 'invalid-id');
      assertWritable(parent, scope);
      // A folder or a document of that name there: refused.
      return makeFolder(filingIn(tx, personFiling(scope), null, ctx.audit), parent.id, input.name);
    });
    return toFolder(row, false, 0, scope.vendor.themes);
  } catch (error) {
    throw nameConflict(error) ?? error;
  }
}

/** Renames a folder or sets it read-only (read-only: firm members only). The root is neither. */
export async function updateFolder(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  folderId: number,
  input: UpdateFolderRequest,
) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.write');
  if (input.read_only !== undefined && !scope.mayValidate) throw new AppError('forbidden');
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const first = await repo.findFolder(tx, scope.vendor, folderId);
      if (!first || first.deletedAt) throw new AppError('not-found');
      if (first.parentId === null) throw new AppError('node-readonly');
      // The parent's lock first (it serialises the names in it), as creations and uploads take it.
      await repo.lockFolder(tx, scope.vendor, first.parentId);
      const folder = await repo.lockFolder(tx, scope.vendor, folderId);
      if (!folder || folder.deletedAt || folder.parentId !== first.parentId) throw new AppError('not-found');
      // Renaming a folder read-only by theme is refused like any change in it.
      assertFolderWritable(folder, scope);
      let row: repo.FolderRow | undefined = folder;
      if (input.name !== undefined && input.name !== folder.name) {
        if (folder.readOnly && input.read_only !== false) throw new AppError('node-readonly');
        // Under the parent's lock, checked against its folders and documents.
        row = await renameFolder(filingIn(tx, personFiling(scope), null, ctx.audit), folder, input.name);
      }
      if (input.read_only !== undefined)
        row = await repo.setFolderReadOnly(tx, scope.vendor, folderId, input.read_only);
      return row;
    });
    if (!row) throw new AppError('not-found');
    const [dto] = await foldersWithCounters(ctx.db, scope, [row]);
    return dto!;
  } catch (error) {
    throw nameConflict(error) ?? error;
  }
}

export function toNode(r: repo.NodeRow, counter = 0): Node {
  return {
    type: r.type,
    id: r.id,
    name: r.name,
    folder_id: r.folder_id,
    catalog_tree_folder_id: r.catalog_tree_folder_id,
    start_date: r.start_date,
    read_only: r.read_only,
    extension: r.type === 'document' ? extensionOf(r.name) : null,
    mime_type: r.mime_type,
    size: r.size,
    version_id: r.version_id,
    is_validated: r.is_validated,
    unread: r.type === 'folder' ? counter > 0 : r.unread,
    counter,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    deleted_at: iso(r.deleted_at),
    workflow_status: parseWorkflowStatus(r.workflow_status),
    has_signatures: r.has_signatures ?? false,
    in_signature: r.in_signature ?? false,
  };
}

/** A page of a folder's content (folders and documents, the spec's default sort). */
export async function listNodes(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  folderId: number,
  query: FolderNodesQuery,
) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  const statusIds = [...new Set(query['status_ids[]'] ?? [])].sort((a, b) => a - b);
  // Answered from the firm's cached reads (`ctx.reads`): the caller's right was checked just
  // above; a change to a folder, document or version of the client file, or to the caller's read
  // marks, drops the answer.
  const key = `documents:page:${vendorId}:${folderId}:${actor.userId}:${query.page}:${query.per_page}:${statusIds.join(',')}`;
  const shows = [
    { kind: 'documents', scope: vendorId },
    { kind: 'reads', scope: actor.userId },
  ] as const;
  if (statusIds.length)
    await assertFilterStatuses(
      ctx,
      await ctx.access.grantFor(actor, { kind: 'vendor', vendorId }),
      scope.vendor,
      statusIds,
    );
  return ctx.reads.get(scope.vendor.accountingFirmId, { key, shows }, async () => {
    // A folder hidden by theme answers 404 like an absent one. Checked when the page is read, not
    // on each cached answer: the answer is the caller's own (the key names them), and whatever can
    // hide the folder from them drops it (its tags change its row: `documents`; their themes and
    // the themes' rights: `portal_access`, which clears every cached answer).
    if (scope.vendor.themes) await liveFolder(ctx.db, scope.vendor, folderId);
    const viewer = viewerOf(await ctx.access.grantFor(actor, { kind: 'vendor', vendorId }));
    const rows = statusIds.length
      ? await repo.folderPageAtStatuses(
          ctx.db,
          scope.vendor,
          actor.userId,
          folderId,
          query.per_page,
          pageOffset(query),
          viewer,
          statusIds,
        )
      : await repo.folderPage(
          ctx.db,
          scope.vendor,
          actor.userId,
          folderId,
          query.per_page,
          pageOffset(query),
          viewer,
        );
    // An empty page may be an empty folder or one that is not there: only then ask which.
    if (rows.length === 0) await liveFolder(ctx.db, scope.vendor, folderId);
    const data = rows.map((r) => toNode(r, r.counter));
    // Kept written: each answer from the cache is sent as this text, not serialised again.
    return paginatedJson<Node>(JSON.stringify(data), query, rows[0]?.total ?? 0);
  });
}
