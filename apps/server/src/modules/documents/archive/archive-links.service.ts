import { randomBytes } from 'node:crypto';
import type { ArchiveLink, ArchiveLinkRequest } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors/app-error';
import { type Archive, folderArchive, selectionArchive } from './archive.service';

/** How long a link may wait for the browser to follow it. */
export const ARCHIVE_LINK_TTL_SECONDS = 60;
const MAX_LINKS = 10_000;

type Ticket = { actor: Actor; vendorId: number; request: ArchiveLinkRequest; expiresAt: number };

/**
 * One-use tickets, kept in this process's memory: a browser follows a plain link without the
 * Authorization header, so the authorised caller first asks for a link, which then stands for
 * them for a minute. (Several server processes would need a shared store.)
 */
const tickets = new Map<string, Ticket>();

function prune(now: number) {
  for (const [key, ticket] of tickets) if (ticket.expiresAt <= now) tickets.delete(key);
}

const build = (ctx: AppContext, ticket: Omit<Ticket, 'expiresAt'>): Promise<Archive> =>
  ticket.request.folder_id === undefined
    ? selectionArchive(ctx, ticket.actor, ticket.vendorId, ticket.request)
    : folderArchive(ctx, ticket.actor, ticket.vendorId, ticket.request.folder_id);

/** Checks the request as the archive itself would (rights, ids), then answers a one-use link. */
export async function createLink(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  request: ArchiveLinkRequest,
): Promise<ArchiveLink> {
  const probe = await build(ctx, { actor, vendorId, request });
  probe.stream.destroy();
  const now = Date.now();
  prune(now);
  if (tickets.size >= MAX_LINKS) throw new AppError('too-many-requests');
  const key = randomBytes(32).toString('base64url');
  tickets.set(key, { actor, vendorId, request, expiresAt: now + ARCHIVE_LINK_TTL_SECONDS * 1000 });
  return { url: `/api/archive-links/${key}`, expires_in: ARCHIVE_LINK_TTL_SECONDS };
}

/** The archive of a link, once: an unknown, used or expired ticket is 404. */
export async function redeemLink(ctx: AppContext, key: string): Promise<Archive> {
  const ticket = tickets.get(key);
  tickets.delete(key);
  const now = Date.now();
  if (!ticket || ticket.expiresAt <= now || ticket.actor.expiresAt.getTime() <= now)
    throw new AppError('not-found');
  return build(ctx, ticket);
}
