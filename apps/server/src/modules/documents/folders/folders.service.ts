import {
  type CreateFolderRequest,
  extensionOf,
  type Folder,
  type Node,
  type NodesQuery,
  type UpdateFolderRequest,
} from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../platform/auth/sessions';
import { uniqueViolation } from '../../../platform/db-errors';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import { pageOffset, paginated } from '../../../platform/http/pagination';
import { defaultTreeStructureId } from '../../vendors/core/tree-structures.service';
import { parseWorkflowStatus, viewerOf } from '../../workflows/workflows.sql';
import * as nodes from '../nodes/nodes.repository';
import { authorizeVendor, iso, type Scope } from '../vendor-access';
import * as repo from './folders.repository';

type VendorRef = repo.VendorRef;

/**
 * The tree structure a client file's folders follow: the one given, else the client file's own,
 * else its firm's default (the firm's own default structure, else the platform's), as a new
 * client file gets (docs/decisions.md).
 */
async function structureOf(tx: Db, vendor: VendorRef & { treeStructureId?: number | null }) {
  return (
    vendor.treeStructureId ??
    (await repo.vendorTreeStructureId(tx, vendor)) ??
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
  const { row: root, created } = await repo.insertRoot(tx, vendor);
  if (!created) return false;
  let position = 0;
  const add = async (parentId: number, list: repo.TreeFolder[]) => {
    for (const folder of list) {
      position += 1;
      const row = await repo.insertFolder(tx, vendor, {
        parentId,
        name: folder.name,
        catalogTreeFolderId: position,
      });
      await add(row.id, folder.children ?? []);
    }
  };
  await add(root.id, await repo.treeStructureOf(tx, await structureOf(tx, vendor)));
  return true;
}

/**
 * Gives every client file made before the document manager its root and tree folders (at
 * start-up), each in its own transaction; answers how many it gave folders to (another process
 * starting at the same time gives each client file its folders once, and counts it once).
 */
export async function ensureAllVendorFolders(db: Db): Promise<number> {
  let given = 0;
  for (const vendor of await repo.vendorsWithoutRoot(db))
    if (await db.transaction((tx) => createFolders(tx, vendor))) given += 1;
  return given;
}

/** The root of the client file, created with its tree folders on first use for one made without. */
export async function rootOf(ctx: AppContext, vendor: VendorRef): Promise<repo.FolderRow> {
  const root = await repo.findRoot(ctx.db, vendor);
  if (root) return root;
  await ctx.db.transaction((tx) => createFolders(tx, vendor));
  return (await repo.findRoot(ctx.db, vendor))!;
}

/** A live folder of the client file, or 404 (a folder in the trash is not addressable). */
export async function liveFolder(db: Db, vendor: VendorRef, id: number): Promise<repo.FolderRow> {
  const folder = await repo.findFolder(db, vendor, id);
  if (!folder || folder.deletedAt) throw new AppError('not-found');
  return folder;
}

function toFolder(row: repo.FolderRow, hasSub: boolean, counter: number): Folder {
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
  return rows.map((r) => toFolder(r, sub.has(r.id), counters.get(r.id) ?? 0));
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

/** A same-name clash of the unique indexes, as the spec's conflict answer. */
export function nameConflict(error: unknown, field = 'name'): AppError | null {
  const constraint = uniqueViolation(error);
  if (constraint === 'folders_name_key' || constraint === 'documents_name_key')
    return fieldError('node-name-conflict', field);
  return null;
}

/** Refuses a change inside a read-only folder unless the actor may force it. */
export function assertWritable(folder: repo.FolderRow, scope: Scope): void {
  if (folder.readOnly && !scope.mayValidate) throw new AppError('node-readonly');
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
      if (await repo.findChildByName(tx, scope.vendor, parent.id, input.name))
        throw fieldError('node-name-conflict', 'name');
      return repo.insertFolder(tx, scope.vendor, {
        parentId: parent.id,
        name: input.name,
        createdBy: actor.userId,
      });
    });
    return toFolder(row, false, 0);
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
      const folder = await repo.lockFolder(tx, scope.vendor, folderId);
      if (!folder || folder.deletedAt) throw new AppError('not-found');
      if (folder.parentId === null) throw new AppError('node-readonly');
      if (input.name !== undefined && input.name !== folder.name) {
        if (folder.readOnly && input.read_only !== false) throw new AppError('node-readonly');
        const clash = await repo.findChildByName(tx, scope.vendor, folder.parentId, input.name);
        if (clash && clash.id !== folder.id) throw fieldError('node-name-conflict', 'name');
      }
      return repo.updateFolder(tx, scope.vendor, folderId, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.read_only !== undefined ? { readOnly: input.read_only } : {}),
      });
    });
    if (!row) throw new AppError('not-found');
    const [dto] = await foldersWithCounters(ctx.db, scope, [row]);
    return dto!;
  } catch (error) {
    throw nameConflict(error) ?? error;
  }
}

export function toNode(r: nodes.NodeRow, counter = 0): Node {
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
  };
}

/** A page of a folder's content (folders and documents, the spec's default sort). */
export async function listNodes(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  folderId: number,
  query: NodesQuery,
) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  // Answered from the firm's cached reads (`ctx.reads`): the caller's right was checked just
  // above; a change to a folder, document or version of the client file, or to the caller's read
  // marks, drops the answer.
  const key = `documents:page:${vendorId}:${folderId}:${actor.userId}:${query.page}:${query.per_page}`;
  const shows = [
    { kind: 'documents', scope: vendorId },
    { kind: 'reads', scope: actor.userId },
  ] as const;
  return ctx.reads.get(scope.vendor.accountingFirmId, { key, shows }, async () => {
    const rows = await nodes.folderPage(
      ctx.db,
      scope.vendor,
      actor.userId,
      folderId,
      query.per_page,
      pageOffset(query),
      viewerOf(await ctx.access.grantFor(actor, { kind: 'vendor', vendorId })),
    );
    // An empty page may be an empty folder or one that is not there: only then ask which.
    if (rows.length === 0) await liveFolder(ctx.db, scope.vendor, folderId);
    const data = rows.map((r) => toNode(r, r.counter));
    return paginated(data, query, rows[0]?.total ?? 0);
  });
}
