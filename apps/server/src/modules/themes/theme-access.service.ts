import type {
  FolderThemes,
  SetFolderThemesRequest,
  SetVendorThemesRequest,
  VendorThemes,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, fieldError } from '../../platform/errors/app-error';
import * as tree from '../documents/tree/tree.service';
import { authorizeVendor } from '../documents/vendor-access.service';
import * as repo from './theme-access.repository';

/**
 * Who carries which theme (docs/architecture.md, "Themes"): folders, client files (allowed
 * themes), firm members and client users. The rule that reads them is the document manager's
 * (`modules/documents/theme-access.ts`).
 */

type VendorRef = { id: number; accountingFirmId: number };

/**
 * Checks theme ids for a client file: themes of its firm (else `theme-not-found`), allowed to it
 * (else 422 on the field), and, for a client user, shared with clients (`theme-private-to-firm`).
 */
async function checkedThemes(
  tx: Db,
  vendor: VendorRef | null,
  accountingFirmId: number,
  ids: number[],
  forClient = false,
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await repo.lockThemes(tx, accountingFirmId, unique);
  if (found.length !== unique.length) throw fieldError('theme-not-found', 'theme_ids');
  if (forClient && found.some((t) => t.sharing === 'private_firm'))
    throw fieldError('theme-private-to-firm', 'theme_ids');
  if (vendor) {
    const allowed = await repo.allowedThemes(tx, vendor);
    if (!allowed.all && unique.some((id) => !allowed.ids.includes(id)))
      throw fieldError('validation-failed', 'theme_ids', 'theme-not-allowed');
  }
  return unique.sort((a, b) => a - b);
}

async function folderThemesOf(db: Db, vendor: VendorRef, folder: tree.FolderRow): Promise<FolderThemes> {
  const own = await repo.folderThemeIds(db, vendor.accountingFirmId, folder.id);
  const [themes, effective] = await Promise.all([
    repo.themesByIds(db, vendor.accountingFirmId, own),
    repo.themesByIds(db, vendor.accountingFirmId, folder.effectiveThemeIds),
  ]);
  return { folder_id: folder.id, themes, effective_themes: effective };
}

/** A folder's themes (what the caller sees of it: a hidden folder is 404). */
export async function getFolderThemes(ctx: AppContext, actor: Actor, vendorId: number, folderId: number) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.read');
  return folderThemesOf(ctx.db, scope.vendor, await tree.liveFolder(ctx.db, scope.vendor, folderId));
}

/**
 * Tags a folder (firm administrators), under the client file's lock (the root's, which moves and
 * restores take too): its subtree's effective themes are recomputed in the same transaction.
 */
export async function setFolderThemes(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  folderId: number,
  input: SetFolderThemesRequest,
): Promise<FolderThemes> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.themes');
  const vendor = scope.vendor;
  const folder = await ctx.db.transaction(async (tx) => {
    await tree.lockRoot(tx, vendor);
    const found = await tree.lockFolder(tx, vendor, folderId);
    if (!found || found.deletedAt) throw new AppError('not-found');
    const ids = await checkedThemes(tx, vendor, vendor.accountingFirmId, input.theme_ids);
    await repo.setFolderThemes(tx, vendor.accountingFirmId, folderId, ids);
    return (await tree.findFolder(tx, vendor, folderId))!;
  });
  return folderThemesOf(ctx.db, vendor, folder);
}

export async function getVendorThemes(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
): Promise<VendorThemes> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.themes');
  const [allowed, folders] = await Promise.all([
    repo.allowedThemes(ctx.db, scope.vendor),
    repo.taggedFolders(ctx.db, scope.vendor),
  ]);
  return { all_themes: allowed.all, theme_ids: allowed.ids, folders };
}

/** The client file's allowed themes (tags already given stay: they only ever narrow access). */
export async function setVendorThemes(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: SetVendorThemesRequest,
): Promise<VendorThemes> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.themes');
  await ctx.db.transaction(async (tx) => {
    const current = await repo.allowedThemes(tx, scope.vendor);
    const all = input.all_themes ?? (input.theme_ids !== undefined ? false : current.all);
    const ids = await checkedThemes(tx, null, scope.vendor.accountingFirmId, input.theme_ids ?? current.ids);
    await repo.setAllowedThemes(tx, scope.vendor, all, all ? [] : ids);
  });
  return getVendorThemes(ctx, actor, vendorId);
}

export type ThemeChoice = { all_themes?: boolean; theme_ids?: number[] };
export const choosesThemes = (input: ThemeChoice) =>
  input.all_themes !== undefined || input.theme_ids !== undefined;

/** A firm member's themes (the team module's PATCH, in its transaction; rights checked there). */
export async function setMemberThemes(tx: Db, accountingFirmId: number, userId: number, input: ThemeChoice) {
  const current = await repo.memberThemeSet(tx, accountingFirmId, userId);
  const all = input.all_themes ?? (input.theme_ids !== undefined ? false : current.all);
  const ids = await checkedThemes(tx, null, accountingFirmId, input.theme_ids ?? current.ids);
  await repo.setMemberThemes(tx, accountingFirmId, userId, all, all ? [] : ids);
}

export const memberThemes = (db: Db, accountingFirmId: number, userId: number) =>
  repo.memberThemeSet(db, accountingFirmId, userId);

/**
 * A client user's themes in one client file: firm administrators and the client file's
 * administrator (`vendor.users.themes`), never for themselves; only themes the client file allows
 * and never a firm-private one.
 */
export async function setClientUserThemes(
  ctx: AppContext,
  tx: Db,
  actor: Actor,
  vendor: VendorRef,
  userId: number,
  input: ThemeChoice,
) {
  await ctx.access.authorize(actor, 'vendor.users.themes', { kind: 'vendor', vendorId: vendor.id });
  if (userId === actor.userId) throw new AppError('forbidden');
  const current = await repo.clientThemes(tx, vendor, userId);
  const all = input.all_themes ?? (input.theme_ids !== undefined ? false : current.all);
  const ids = await checkedThemes(tx, vendor, vendor.accountingFirmId, input.theme_ids ?? current.ids, true);
  await repo.setClientThemes(tx, vendor, userId, all, all ? [] : ids);
}

export const clientUserThemes = (db: Db, vendor: VendorRef, userId: number) =>
  repo.clientThemes(db, vendor, userId);

/** Refuses to delete a theme folders or people carry unless forced (it would widen access). */
export async function assertThemeUnused(db: Db, accountingFirmId: number, themeId: number, force: boolean) {
  if (force) return;
  const use = await repo.themeUse(db, accountingFirmId, themeId);
  if (use.folders + use.people > 0)
    throw new AppError('theme-in-use', {
      fields: { folder_count: [String(use.folders)], people_count: [String(use.people)] },
    });
}

/** Before a client file moves to another portal: its links to this firm's themes go. */
export const releaseVendorThemeLinks = (tx: Db, vendor: VendorRef) => repo.deleteVendorThemeLinks(tx, vendor);

export type CarriedTags = Awaited<ReturnType<typeof repo.folderTagsWithThemes>>;

/** The client file's folder tags, read before it moves to another portal (`retagVendorFolders`). */
export const vendorFolderTags = (tx: Db, vendor: VendorRef) => repo.folderTagsWithThemes(tx, vendor);

/**
 * After the move: each folder gets the target portal's theme of the same title, created with the
 * same rights and sharing when missing, so a transfer never widens access.
 */
export async function retagVendorFolders(tx: Db, accountingFirmId: number, tags: CarriedTags) {
  const ids = new Map<string, number>();
  for (const tag of tags) {
    const key = tag.title.toLowerCase();
    let id = ids.get(key);
    if (id === undefined) {
      id = await repo.themeByTitleOrNew(tx, accountingFirmId, tag);
      ids.set(key, id);
    }
    await repo.addFolderTag(tx, accountingFirmId, tag.folder_id, id);
  }
}
