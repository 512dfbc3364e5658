import type { UnreadDocuments } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Actor } from '../../../platform/auth/sessions';
import * as repo from './unread.repository';

/**
 * The caller's unread documents per client file of a firm (the badges of the client lists and of
 * the documents entry), apart from the client lists themselves: those are cached per firm and
 * scope and written by PostgreSQL, and a per-person field would split them. Answered from the
 * firm's cached reads, per person: documents, versions and read marks announce their changes,
 * and a change of who sees what drops every answer.
 */
export async function unreadDocuments(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
): Promise<UnreadDocuments[]> {
  await ctx.access.authorize(actor, 'documents.unread', { kind: 'firm', accountingFirmId });
  return ctx.reads.get(accountingFirmId, `documents:unread:${actor.userId}`, () =>
    repo.unreadPerVendor(ctx.db, accountingFirmId, actor.userId),
  );
}
