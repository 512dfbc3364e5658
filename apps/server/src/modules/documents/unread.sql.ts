import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * Whether document `d`'s latest version `v` is unread by the user: someone else added it and the
 * user has not opened the document since. One rule for the lists' flags, the folders' counters
 * and the client files' counts (a person's own upload, new version, copy or restore is not news
 * to them).
 */
export const unreadBy = (userId: number | Placeholder | SQL) =>
  sql`(v.author_id IS DISTINCT FROM ${userId} AND NOT EXISTS (
         SELECT 1 FROM document_reads r WHERE r.accounting_firm_id = d.accounting_firm_id
            AND r.document_id = d.id AND r.user_id = ${userId} AND r.read_at >= v.created_at))`;

/** The same rule on rows already read: the version's author and when the user last opened it. */
export const isUnread = (authorId: number | null, addedAt: Date, readAt: Date | undefined, userId: number) =>
  authorId !== userId && (readAt === undefined || readAt < addedAt);
