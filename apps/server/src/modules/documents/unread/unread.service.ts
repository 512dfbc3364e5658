import type { UnreadDocuments } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Actor } from '../../../platform/auth/sessions';
import type { VendorRef } from '../vendor-ref';
import * as repo from './unread.repository';

/**
 * The caller's unread documents per client file of a firm (the badges of the client lists and of
 * the documents entry), apart from the client lists themselves: those are cached per firm and
 * scope and written by PostgreSQL, and a per-person field would split them. Answered from the
 * firm's cached reads, per person: documents, versions, the person's read marks and client files'
 * status announce their changes, and a change of who sees what drops every answer.
 */
export async function unreadDocuments(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
): Promise<UnreadDocuments[]> {
  await ctx.access.authorize(actor, 'documents.unread', { kind: 'firm', accountingFirmId });
  const key = `documents:unread:${actor.userId}`;
  const shows = ['documents', { kind: 'reads', scope: actor.userId }, 'vendors'] as const;
  return ctx.reads.get(accountingFirmId, { key, shows }, () =>
    repo.unreadPerVendor(ctx.db, accountingFirmId, actor.userId),
  );
}

/**
 * A person opened the document (the viewer, a content or preview download): it is marked read
 * for them if it was unread, else nothing is written (docs/decisions.md: who marks). Bulk readers
 * (ZIP archives, future sync or WebDAV clients) do not call this.
 */
export async function markOpened(ctx: AppContext, vendor: VendorRef, documentId: number, userId: number) {
  await repo.markReadIfUnread(ctx.db, vendor, documentId, userId);
}
