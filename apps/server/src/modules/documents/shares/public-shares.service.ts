import type { Readable } from 'node:stream';
import type { PublicShare, PublicShareEntry, PublicShareFolder } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import { can } from '../../../platform/access/access';
import { verifyPassword } from '../../../platform/auth/passwords';
import { secretBox } from '../../../platform/auth/secret-box';
import type { Actor } from '../../../platform/auth/sessions';
import { hashToken } from '../../../platform/auth/tokens';
import { AppError, tooManyRequests } from '../../../platform/errors/app-error';
import { countAttempt, forgetAttempt } from '../../../platform/rate-limit';
import { firmWhiteLabels } from '../../white-label/white-label.service';
import { type Archive, sharedFolderArchive } from '../archive/archive.service';
import { contentDisposition } from '../documents/file-types';
import * as tree from '../tree/tree.service';
import { iso } from '../vendor-access.service';
import * as repo from './shares.repository';
import { stateOf } from './shares.service';

/**
 * The public side of share links: no account, the token is the credential. Every answer goes
 * through `open`, so a dead link (revoked, expired, out of downloads), a trashed item or one its
 * creator can no longer share answers 404 on every URL, and nothing outside the shared subtree is
 * reachable. Nothing here marks a document read.
 */

/** What a visitor brings besides the token. */
export type Visitor = { password?: string; cookie?: string; address: string; userAgent: string };

/** A wrong password: this many per link, and per address, in the window; then 429. */
export const WRONG_PASSWORDS_PER_LINK = 20;
export const WRONG_PASSWORDS_PER_ADDRESS = 10;
export const WRONG_PASSWORD_WINDOW_SECONDS = 15 * 60;
/** How long the page's cookie stands for the password. */
export const SHARE_COOKIE_SECONDS = 60 * 60;
export const SHARE_COOKIE = 'portal_share';

const box = (ctx: AppContext) => secretBox(ctx.config.totpEncryptionKey, 'share-cookie');

/** The creator's current rights: the link shares what they may still share, as they see it. */
async function creatorScope(ctx: AppContext, link: repo.ShareLinkListRow): Promise<tree.VendorRef | null> {
  if (link.createdBy === null) return null;
  const creator: Actor = {
    userId: link.createdBy,
    isSuperAdmin: link.creatorIsSuperAdmin,
    sessionId: 0,
    familyId: 'share-link',
    expiresAt: link.expiresAt,
    boundFirmId: null,
  };
  const grant = await ctx.access.grantFor(creator, { kind: 'vendor', vendorId: link.vendorId });
  if (!can(grant, 'documents.share') || grant.accountingFirmId !== link.accountingFirmId) return null;
  return { id: link.vendorId, accountingFirmId: link.accountingFirmId, themes: grant.themes ?? null };
}

function cookieOpens(ctx: AppContext, link: repo.ShareLinkRow, cookie: string | undefined): boolean {
  if (!cookie) return false;
  try {
    const [id, until] = box(ctx).open(cookie, `share:${link.tokenHash}`).split(':');
    return Number(id) === link.id && Number(until) > Date.now();
  } catch {
    return false;
  }
}

/** A wrong password counts per link and per address; past either limit, 429 with Retry-After. */
async function checkPassword(ctx: AppContext, link: repo.ShareLinkRow, visitor: Visitor): Promise<void> {
  if (link.passwordHash === null || cookieOpens(ctx, link, visitor.cookie)) return;
  if (visitor.password === undefined) throw new AppError('share-password-required');
  const attempt = await countAttempt(ctx.rateLimiter, [
    {
      bucket: `share:link:${link.id}`,
      windowSeconds: WRONG_PASSWORD_WINDOW_SECONDS,
      max: WRONG_PASSWORDS_PER_LINK,
    },
    {
      bucket: `share:address:${visitor.address}`,
      windowSeconds: WRONG_PASSWORD_WINDOW_SECONDS,
      max: WRONG_PASSWORDS_PER_ADDRESS,
    },
  ]);
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait);
  if (!(await verifyPassword(link.passwordHash, visitor.password)))
    throw new AppError('share-password-invalid');
  await forgetAttempt(ctx.rateLimiter, attempt);
}

type Opened = { link: repo.ShareLinkListRow; vendor: tree.VendorRef };

/** The live link of the token with its scope, its item live and visible; 404 otherwise. */
async function open(ctx: AppContext, token: string, visitor: Visitor): Promise<Opened> {
  const link = await repo.findByToken(ctx.db, hashToken(token));
  if (!link || stateOf(link) !== 'live') throw new AppError('not-found');
  const vendor = await creatorScope(ctx, link);
  if (!vendor) throw new AppError('not-found');
  if (link.documentId !== null) {
    const doc = await tree.findDocument(ctx.db, vendor, link.documentId);
    if (!doc || doc.deletedAt || doc.currentVersionId === null) throw new AppError('not-found');
  } else {
    const folder = await tree.findFolder(ctx.db, vendor, link.folderId!);
    if (!folder || folder.deletedAt) throw new AppError('not-found');
  }
  await checkPassword(ctx, link, visitor);
  return { link, vendor };
}

/** Whether the page `/s/{token}` is alive (its password is asked by the page itself). */
export async function pageAlive(ctx: AppContext, token: string): Promise<boolean> {
  try {
    await open(ctx, token, { address: '', userAgent: '', cookie: undefined, password: undefined });
    return true;
  } catch (error) {
    return error instanceof AppError && error.code === 'share-password-required';
  }
}

/** Checks the password once and answers the cookie that stands for it (path: the link's API). */
export async function unlock(ctx: AppContext, token: string, visitor: Visitor): Promise<string> {
  const { link } = await open(ctx, token, { ...visitor, cookie: undefined });
  const until = Date.now() + SHARE_COOKIE_SECONDS * 1000;
  return box(ctx).seal(`${link.id}:${until}`, `share:${link.tokenHash}`);
}

async function documentEntry(ctx: AppContext, vendor: tree.VendorRef, id: number): Promise<PublicShareEntry> {
  const doc = (await tree.findDocument(ctx.db, vendor, id))!;
  const version = (await tree.findVersion(ctx.db, vendor, doc.id, doc.currentVersionId!))!;
  return {
    kind: 'document',
    id: doc.id,
    name: doc.name,
    size: version.size,
    mime_type: version.mimeType,
    updated_at: iso(version.createdAt)!,
  };
}

/** A folder of the shared subtree (the shared folder or below it, live and visible), or 404. */
async function folderInShare(ctx: AppContext, { link, vendor }: Opened, folderId: number) {
  if (link.folderId === null) throw new AppError('not-found');
  const folder = await tree.findFolder(ctx.db, vendor, folderId);
  if (!folder || folder.deletedAt) throw new AppError('not-found');
  if (folder.id === link.folderId) return { folder, path: [folder] };
  const above = await tree.ancestors(ctx.db, vendor, folder.id);
  const at = above.findIndex((f) => f.id === link.folderId);
  if (at < 0) throw new AppError('not-found');
  // Nearest first: the way down from the shared folder is the reverse of what lies below it.
  const between = above.slice(0, at + 1).reverse();
  for (const f of between) if (f.deletedAt) throw new AppError('not-found');
  return { folder, path: [...between, folder] };
}

const ENTRIES_PER_FOLDER = 1000;

async function folderView(ctx: AppContext, opened: Opened, folderId: number): Promise<PublicShareFolder> {
  const { folder, path } = await folderInShare(ctx, opened, folderId);
  const rows = await tree.folderPage(ctx.db, opened.vendor, 0, folder.id, ENTRIES_PER_FOLDER, 0, 'client');
  return {
    id: folder.id,
    name: folder.name,
    path: path.map((f) => ({ id: f.id, name: f.name })),
    entries: rows.map((r) => ({
      kind: r.type,
      id: r.id,
      name: r.name,
      size: r.type === 'document' ? r.size : null,
      mime_type: r.type === 'document' ? r.mime_type : null,
      updated_at: iso(r.updated_at)!,
    })),
  };
}

export async function publicShare(ctx: AppContext, token: string, visitor: Visitor): Promise<PublicShare> {
  const opened = await open(ctx, token, visitor);
  const { link, vendor } = opened;
  const document = link.documentId === null ? null : await documentEntry(ctx, vendor, link.documentId);
  const folder = link.folderId === null ? null : await folderView(ctx, opened, link.folderId);
  await repo.recordView(ctx.db, link, {
    address: visitor.address,
    userAgent: visitor.userAgent,
    documentId: link.documentId ?? undefined,
    folderId: link.folderId ?? undefined,
  });
  return {
    kind: document ? 'document' : 'folder',
    name: document?.name ?? folder!.name,
    expires_at: iso(link.expiresAt)!,
    accounting_firm_id: link.accountingFirmId,
    white_labels: await firmWhiteLabels(ctx, link.accountingFirmId),
    document,
    folder,
  };
}

export async function publicFolder(ctx: AppContext, token: string, folderId: number, visitor: Visitor) {
  const opened = await open(ctx, token, visitor);
  const view = await folderView(ctx, opened, folderId);
  await repo.recordView(ctx.db, opened.link, {
    address: visitor.address,
    userAgent: visitor.userAgent,
    folderId,
  });
  return view;
}

export type PublicDownload = { stream: Readable; size: number; disposition: string };

/** The current version of a shared document, or of one in the shared subtree; counted and logged. */
export async function publicContent(
  ctx: AppContext,
  token: string,
  documentId: number,
  visitor: Visitor,
): Promise<PublicDownload> {
  const opened = await open(ctx, token, visitor);
  const { link, vendor } = opened;
  const doc = await tree.findDocument(ctx.db, vendor, documentId);
  if (!doc || doc.deletedAt || doc.currentVersionId === null) throw new AppError('not-found');
  if (link.documentId !== null ? doc.id !== link.documentId : false) throw new AppError('not-found');
  if (link.folderId !== null) await folderInShare(ctx, opened, doc.folderId);
  const version = (await tree.findVersion(ctx.db, vendor, doc.id, doc.currentVersionId))!;
  const counted = await repo.recordDownload(ctx.db, link, {
    address: visitor.address,
    userAgent: visitor.userAgent,
    kind: 'file',
    documentId: doc.id,
    versionId: version.id,
  });
  if (!counted) throw new AppError('not-found');
  return {
    stream: await ctx.blobs.get(version.blobKey),
    size: version.size,
    disposition: contentDisposition('attachment', doc.name),
  };
}

/** The shared folder as a streamed ZIP (a document share has none); counted and logged. */
export async function publicArchive(ctx: AppContext, token: string, visitor: Visitor): Promise<Archive> {
  const { link, vendor } = await open(ctx, token, visitor);
  if (link.folderId === null) throw new AppError('not-found');
  const archive = await sharedFolderArchive(ctx, vendor, link.folderId);
  const counted = await repo.recordDownload(ctx.db, link, {
    address: visitor.address,
    userAgent: visitor.userAgent,
    kind: 'zip',
    folderId: link.folderId,
  });
  if (!counted) {
    archive.stream.destroy();
    throw new AppError('not-found');
  }
  return archive;
}
