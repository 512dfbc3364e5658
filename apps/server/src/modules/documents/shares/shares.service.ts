import {
  type CreateShareLink,
  SHARE_LINK_DEFAULT_HOURS,
  SHARE_LINK_DEFAULT_MAX_HOURS,
  type ShareLinkAccess,
  type ShareLinkDto,
  type ShareLinkSettings,
  type ShareLinkState,
  type UpdateShareLinkSettings,
} from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import { hashPassword } from '../../../platform/auth/passwords';
import type { Actor } from '../../../platform/auth/sessions';
import { hashToken, newToken } from '../../../platform/auth/tokens';
import { AppError, fieldError } from '../../../platform/errors/app-error';
import { portalOrigin } from '../../white-label/white-label.service';
import * as tree from '../tree/tree.service';
import { authorizeVendor, iso } from '../vendor-access.service';
import * as repo from './shares.repository';

/**
 * Share links, the firm's side (issue 28): settings, creation, list, revocation, access log. The
 * public side is `public-shares.service.ts`. The shared item is found through the tree service
 * with the creator's scope, so the theme rule and the trash hold as for any documents route.
 */

export async function boundsOf(ctx: AppContext, accountingFirmId: number): Promise<ShareLinkSettings> {
  const row = await repo.settingsOf(ctx.db, accountingFirmId);
  return {
    default_hours: row?.defaultHours ?? SHARE_LINK_DEFAULT_HOURS,
    max_hours: row?.maxHours ?? SHARE_LINK_DEFAULT_MAX_HOURS,
  };
}

/** The firm's settings (firm administrators). */
export async function firmSettings(ctx: AppContext, actor: Actor, accountingFirmId: number) {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId });
  return boundsOf(ctx, accountingFirmId);
}

export async function updateFirmSettings(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: UpdateShareLinkSettings,
) {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId });
  await repo.saveSettings(ctx.db, accountingFirmId, input.default_hours, input.max_hours);
  return boundsOf(ctx, accountingFirmId);
}

/** The bounds a person who may share in the client file chooses within (the share dialog). */
export async function vendorSettings(ctx: AppContext, actor: Actor, vendorId: number) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.share');
  return boundsOf(ctx, scope.vendor.accountingFirmId);
}

export function stateOf(link: repo.ShareLinkRow, now = Date.now()): ShareLinkState {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt.getTime() <= now) return 'expired';
  if (link.maxDownloads !== null && link.downloads >= link.maxDownloads) return 'exhausted';
  return 'live';
}

function toDto(link: repo.ShareLinkListRow, url?: string): ShareLinkDto {
  return {
    id: link.id,
    vendor_id: link.vendorId,
    document_id: link.documentId,
    folder_id: link.folderId,
    name: link.name,
    ...(url ? { url } : {}),
    has_password: link.passwordHash !== null,
    expires_at: iso(link.expiresAt)!,
    max_downloads: link.maxDownloads,
    downloads: link.downloads,
    state: stateOf(link),
    created_at: iso(link.createdAt)!,
    created_by: link.createdBy === null ? null : { id: link.createdBy, fullname: link.creatorName ?? '' },
    revoked_at: iso(link.revokedAt),
  };
}

/** A live, visible document with a version, or a live, visible folder of the client file; 422 else. */
async function assertShareable(ctx: AppContext, vendor: tree.VendorRef, input: CreateShareLink) {
  if (input.document_id !== undefined) {
    const doc = await tree.findDocument(ctx.db, vendor, input.document_id);
    if (!doc || doc.deletedAt || doc.currentVersionId === null)
      throw fieldError('validation-failed', 'document_id', 'invalid-id');
    return;
  }
  const folder = await tree.findFolder(ctx.db, vendor, input.folder_id!);
  if (!folder || folder.deletedAt) throw fieldError('validation-failed', 'folder_id', 'invalid-id');
}

/** A new link; its URL (with the token) is told once, in this answer. */
export async function createLink(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: CreateShareLink,
): Promise<ShareLinkDto> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.share');
  const bounds = await boundsOf(ctx, scope.vendor.accountingFirmId);
  const hours = input.expires_in_hours ?? bounds.default_hours;
  if (hours > bounds.max_hours) throw fieldError('validation-failed', 'expires_in_hours', 'out-of-range');
  await assertShareable(ctx, scope.vendor, input);
  const token = newToken();
  const row = await repo.insertLink(ctx.db, {
    accountingFirmId: scope.vendor.accountingFirmId,
    vendorId,
    documentId: input.document_id ?? null,
    folderId: input.folder_id ?? null,
    tokenHash: hashToken(token),
    passwordHash: input.password === undefined ? null : await hashPassword(input.password),
    expiresAt: new Date(Date.now() + hours * 3_600_000),
    maxDownloads: input.max_downloads ?? null,
    createdBy: actor.userId,
  });
  const link = (await repo.findLink(ctx.db, scope.vendor, row.id))!;
  return toDto(link, `${await portalOrigin(ctx, scope.vendor.accountingFirmId)}/s/${token}`);
}

export async function listLinks(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  filter: { document_id?: number; folder_id?: number; all?: boolean },
): Promise<ShareLinkDto[]> {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.share');
  // An item the caller does not see (another client file's, hidden by theme) is unknown: 404.
  if (
    filter.document_id !== undefined &&
    !(await tree.findDocument(ctx.db, scope.vendor, filter.document_id))
  )
    throw new AppError('not-found');
  if (filter.folder_id !== undefined && !(await tree.findFolder(ctx.db, scope.vendor, filter.folder_id)))
    throw new AppError('not-found');
  const rows = await repo.listLinks(ctx.db, scope.vendor, {
    documentId: filter.document_id,
    folderId: filter.folder_id,
  });
  const links = rows.map((r) => toDto(r));
  return filter.all ? links : links.filter((l) => l.state === 'live');
}

async function linkOf(ctx: AppContext, actor: Actor, vendorId: number, id: number) {
  const scope = await authorizeVendor(ctx, actor, vendorId, 'documents.share');
  const link = await repo.findLink(ctx.db, scope.vendor, id);
  // The link of an item the caller does not see (hidden by theme) is unknown to them too.
  const item =
    link &&
    (link.documentId !== null
      ? await tree.findDocument(ctx.db, scope.vendor, link.documentId)
      : await tree.findFolder(ctx.db, scope.vendor, link.folderId!));
  if (!link || !item) throw new AppError('not-found');
  return { scope, link };
}

/** Ends a link for good: every URL it served answers 404 from now on. */
export async function revokeLink(ctx: AppContext, actor: Actor, vendorId: number, id: number): Promise<void> {
  const { scope } = await linkOf(ctx, actor, vendorId, id);
  await repo.revokeLink(ctx.db, scope.vendor, id, actor.userId);
}

export async function accessLog(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  id: number,
): Promise<ShareLinkAccess[]> {
  const { link } = await linkOf(ctx, actor, vendorId, id);
  return (await repo.accessesOf(ctx.db, link)).map((a) => ({
    id: a.id,
    at: iso(a.at)!,
    address: a.address,
    user_agent: a.userAgent,
    kind: a.kind,
    document_id: a.documentId,
    version_id: a.versionId,
    name: a.name,
  }));
}
