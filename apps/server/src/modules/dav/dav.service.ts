import { davFolderName } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors/app-error';
import * as tree from '../documents/tree/tree.service';
import { authorizeVendor, type Scope } from '../documents/vendor-access.service';
import * as tenancy from '../tenancy/tenancy.service';
import { uniqueNames } from './dav-paths';
import { preferencesOf } from './dav-preferences.service';

/**
 * The network drive's tree (issue 27): workspaces (the person's firms), then client folders, then
 * the client file's GED folders and documents. Everything below a client folder is read through
 * the tree service with the person's scope (`scope.vendor`), so the theme rule and the roles are
 * the web app's; a name the person does not see answers as absent.
 */

/** What a path names. `missing`: the last segment names nothing in a folder that exists. */
export type DavNode =
  | { kind: 'root' }
  | { kind: 'workspace'; firmId: number }
  | { kind: 'client'; firmId: number; scope: Scope; folder: tree.FolderRow }
  | { kind: 'folder'; scope: Scope; folder: tree.FolderRow; parent: tree.FolderRow }
  | { kind: 'document'; scope: Scope; doc: tree.DocumentRow; parent: tree.FolderRow }
  | { kind: 'missing'; scope: Scope; parent: tree.FolderRow; name: string; atClientRoot: boolean };

/** One entry of a listing, as PROPFIND shows it. */
export type DavEntry = {
  name: string;
  collection: boolean;
  size?: number;
  mime?: string;
  etag?: string;
  created: Date;
  modified: Date;
  /** The GED node it shows (for its dead properties); none for workspaces and client lists. */
  node?: { type: 'folder' | 'document'; id: number };
  dead?: { ns: string; name: string; xml: string }[];
  /** The portal's storage (RFC 4331), on collections, when the PROPFIND asks for it. */
  quota?: { used: number; available: number | null };
  /** Its `<D:activelock>`s (the live locks covering it), when the PROPFIND asks for them. */
  locks?: string;
};

const EPOCH = new Date(0);

/**
 * The person's workspaces, each with its drive name (a clash gets the firm's domain or id): the
 * firms they chose in their preferences, all of them by default (and when none chosen is theirs any more).
 */
export async function workspaces(ctx: AppContext, actor: Actor) {
  const [firms, preferences] = await Promise.all([
    tenancy.myAccountingFirms(ctx, actor, {}),
    preferencesOf(ctx, actor.userId),
  ]);
  const chosen = preferences.visible_accounting_firm_ids;
  const visible = chosen ? firms.filter((f) => chosen.includes(f.id)) : firms;
  return uniqueNames(
    visible.length ? visible : firms,
    (f) => f.name,
    (f) => [f.domain ?? String(f.id), String(f.id)],
  ).map(({ item, name }) => ({ id: item.id, name }));
}

/**
 * The client folders of a workspace, named by the person's display format (default
 * `client code - company`); a clash gets ` (client code)`, then ` (id)` (docs/decisions.md).
 */
export async function clientFolders(ctx: AppContext, actor: Actor, firmId: number) {
  const [vendors, preferences] = await Promise.all([
    tenancy.myVendors(ctx, actor, firmId),
    preferencesOf(ctx, actor.userId),
  ]);
  return uniqueNames(
    vendors,
    (v) => davFolderName(preferences.folder_format, v),
    (v) => [v.client_code, String(v.id)],
  ).map(({ item, name }) => ({ id: item.id, name }));
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Resolves a path for `action` on the client file it enters (read for reads, write for writes):
 * a workspace or client folder the person cannot reach, or a name they do not see, is 404.
 */
export async function resolve(
  ctx: AppContext,
  actor: Actor,
  segments: string[],
  action: 'documents.read' | 'documents.write' = 'documents.read',
): Promise<DavNode> {
  if (segments.length === 0) return { kind: 'root' };
  const firm = (await workspaces(ctx, actor)).find((w) => same(w.name, segments[0]!));
  if (!firm) throw new AppError('not-found');
  if (segments.length === 1) return { kind: 'workspace', firmId: firm.id };
  const client = (await clientFolders(ctx, actor, firm.id)).find((c) => same(c.name, segments[1]!));
  if (!client) throw new AppError('not-found');
  const scope = await authorizeVendor(ctx, actor, client.id, action);
  const root = await tree.rootOf(ctx, scope.vendor);
  if (segments.length === 2) return { kind: 'client', firmId: firm.id, scope, folder: root };
  let parent = root;
  for (let i = 2; i < segments.length; i++) {
    const name = segments[i]!;
    const last = i === segments.length - 1;
    const found = await tree.visibleChild(ctx.db, scope.vendor, parent.id, name);
    if (!found) {
      if (last) return { kind: 'missing', scope, parent, name, atClientRoot: parent.id === root.id };
      throw new AppError('not-found');
    }
    if (found.folder) {
      if (last) return { kind: 'folder', scope, folder: found.folder, parent };
      parent = found.folder;
      continue;
    }
    if (last) return { kind: 'document', scope, doc: found.document!, parent };
    throw new AppError('not-found');
  }
  throw new AppError('not-found');
}

/** The entry of a node itself (PROPFIND Depth 0). */
export async function entryOf(ctx: AppContext, node: DavNode, name: string): Promise<DavEntry> {
  switch (node.kind) {
    case 'root':
    case 'workspace':
      return { name, collection: true, created: EPOCH, modified: EPOCH };
    case 'client':
    case 'folder':
      return {
        name,
        collection: true,
        created: new Date(node.folder.createdAt),
        modified: new Date(node.folder.updatedAt),
        node: { type: 'folder', id: node.folder.id },
      };
    case 'document': {
      const version = await currentVersion(ctx, node);
      return {
        name,
        collection: false,
        size: version.size,
        mime: version.mimeType,
        etag: version.blobKey,
        created: new Date(node.doc.createdAt),
        modified: new Date(Math.max(+new Date(node.doc.updatedAt), +new Date(version.createdAt))),
        node: { type: 'document', id: node.doc.id },
      };
    }
    case 'missing':
      throw new AppError('not-found');
  }
}

/** The children of a collection (PROPFIND Depth 1): one listing query below a client folder. */
export async function childrenOf(ctx: AppContext, actor: Actor, node: DavNode): Promise<DavEntry[]> {
  switch (node.kind) {
    case 'root':
      return (await workspaces(ctx, actor)).map((w) => ({
        name: w.name,
        collection: true,
        created: EPOCH,
        modified: EPOCH,
      }));
    case 'workspace':
      return (await clientFolders(ctx, actor, node.firmId)).map((c) => ({
        name: c.name,
        collection: true,
        created: EPOCH,
        modified: EPOCH,
      }));
    case 'client':
    case 'folder':
      return (await tree.folderListing(ctx.db, node.scope.vendor, node.folder.id)).map((r) => ({
        name: r.name,
        collection: r.type === 'folder',
        size: r.size === null ? undefined : Number(r.size),
        mime: r.mime_type ?? undefined,
        etag: r.blob_key ?? undefined,
        created: new Date(r.created_at),
        modified: new Date(r.updated_at),
        node: { type: r.type, id: r.id },
      }));
    default:
      return [];
  }
}

/** The current version of a document (its content, size, type and ETag). */
export async function currentVersion(ctx: AppContext, node: Extract<DavNode, { kind: 'document' }>) {
  const version = await tree.findVersion(ctx.db, node.scope.vendor, node.doc.id, node.doc.currentVersionId!);
  if (!version) throw new AppError('not-found');
  return version;
}

/** The ETag of what a path names (a document's current content), null for anything else. */
export async function etagOf(ctx: AppContext, actor: Actor, segments: string[]): Promise<string | null> {
  const node = await resolve(ctx, actor, segments).catch(() => null);
  if (node?.kind !== 'document') return null;
  return (await currentVersion(ctx, node)).blobKey;
}
