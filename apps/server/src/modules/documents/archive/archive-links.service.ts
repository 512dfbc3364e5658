import type { ArchiveLink, ArchiveLinkRequest } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import { type Actor, actorOfLiveFamily } from '../../../platform/auth/sessions';
import { hashToken, newToken } from '../../../platform/auth/tokens';
import { AppError } from '../../../platform/errors/app-error';
import { type Archive, folderArchive, selectionArchive } from './archive.service';
import * as repo from './archive-links.repository';

/** How long a link may wait for the browser to follow it. */
export const ARCHIVE_LINK_TTL_SECONDS = 60;

const build = (
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  request: ArchiveLinkRequest,
  logged = true,
): Promise<Archive> =>
  request.folder_id === undefined
    ? selectionArchive(ctx, actor, vendorId, request, logged)
    : folderArchive(ctx, actor, vendorId, request.folder_id, logged);

/**
 * Checks the request as the archive itself would (rights, ids), then answers a one-use link: a
 * browser follows a plain link without the Authorization header. The link is a row (its token
 * hashed, as sessions are), so any server process can take it, once.
 */
export async function createLink(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  request: ArchiveLinkRequest,
): Promise<ArchiveLink> {
  const probe = await build(ctx, actor, vendorId, request, false);
  probe.stream.destroy();
  const token = newToken();
  await repo.insertLink(ctx.db, {
    tokenHash: hashToken(token),
    accountingFirmId: probe.accountingFirmId,
    vendorId,
    userId: actor.userId,
    familyId: actor.familyId,
    request,
    expiresAt: new Date(Date.now() + ARCHIVE_LINK_TTL_SECONDS * 1000),
  });
  return { url: `/api/archive-links/${token}`, expires_in: ARCHIVE_LINK_TTL_SECONDS };
}

/**
 * The archive of a link, once, as its maker (rights checked again): an unknown, used or expired
 * link, or one whose maker has signed out since, is 404.
 */
export async function redeemLink(ctx: AppContext, token: string): Promise<Archive> {
  const link = await repo.takeLink(ctx.db, hashToken(token));
  const actor = link && (await actorOfLiveFamily(ctx.db, link.userId, link.familyId));
  if (!link || !actor) throw new AppError('not-found');
  return build(ctx, actor, link.vendorId, link.request);
}
