import type { ArchiveLinkRequest } from '@portal/contracts';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { archiveLinks } from '../../../db/schema';

export type ArchiveLinkRow = typeof archiveLinks.$inferSelect & { request: ArchiveLinkRequest };

/** Stores a link (and drops the expired ones, so the table stays small). */
export async function insertLink(db: Db, row: typeof archiveLinks.$inferInsert): Promise<void> {
  await db.delete(archiveLinks).where(lt(archiveLinks.expiresAt, new Date()));
  await db.insert(archiveLinks).values(row);
}

/** Takes a live link, once: whichever process is asked, a second use finds nothing. */
export async function takeLink(db: Db, tokenHash: string): Promise<ArchiveLinkRow | null> {
  const [row] = await db
    .delete(archiveLinks)
    .where(and(eq(archiveLinks.tokenHash, tokenHash), gt(archiveLinks.expiresAt, new Date())))
    .returning();
  return (row as ArchiveLinkRow | undefined) ?? null;
}
