import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  documents,
  folders,
  shareLinkAccesses,
  shareLinkSettings,
  shareLinks,
  users,
} from '../../../db/schema';
import type { VendorRef } from '../vendor-ref';

export type ShareLinkRow = typeof shareLinks.$inferSelect;
/** A link with what the firm's list shows: the item's name, the creator's name and rights. */
export type ShareLinkListRow = ShareLinkRow & {
  name: string;
  creatorName: string | null;
  creatorIsSuperAdmin: boolean;
};

export async function settingsOf(db: Db, accountingFirmId: number) {
  const [row] = await db
    .select()
    .from(shareLinkSettings)
    .where(eq(shareLinkSettings.accountingFirmId, accountingFirmId));
  return row;
}

export async function saveSettings(db: Db, accountingFirmId: number, defaultHours: number, maxHours: number) {
  await db
    .insert(shareLinkSettings)
    .values({ accountingFirmId, defaultHours, maxHours })
    .onConflictDoUpdate({
      target: shareLinkSettings.accountingFirmId,
      set: { defaultHours, maxHours, updatedAt: sql`now()` },
    });
}

export async function insertLink(db: Db, row: typeof shareLinks.$inferInsert): Promise<ShareLinkRow> {
  const [created] = await db.insert(shareLinks).values(row).returning();
  return created!;
}

const listColumns = {
  link: shareLinks,
  name: sql<string>`coalesce(${documents.name}, ${folders.name}, '')`,
  creatorName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstname}, ${users.lastname})), '')`,
  creatorEmail: users.email,
  creatorIsSuperAdmin: sql<boolean>`coalesce(${users.isSuperAdmin}, false)`,
};

type Listed = {
  link: ShareLinkRow;
  name: string;
  creatorName: string | null;
  creatorEmail: string | null;
  creatorIsSuperAdmin: boolean;
};
const flatten = (r: Listed): ShareLinkListRow => ({
  ...r.link,
  name: r.name,
  creatorName: r.creatorName ?? r.creatorEmail,
  creatorIsSuperAdmin: r.creatorIsSuperAdmin,
});

const joined = (db: Db) =>
  db
    .select(listColumns)
    .from(shareLinks)
    .leftJoin(
      documents,
      and(
        eq(documents.accountingFirmId, shareLinks.accountingFirmId),
        eq(documents.id, shareLinks.documentId),
      ),
    )
    .leftJoin(
      folders,
      and(eq(folders.accountingFirmId, shareLinks.accountingFirmId), eq(folders.id, shareLinks.folderId)),
    )
    .leftJoin(users, eq(users.id, shareLinks.createdBy));

/** The client file's links, newest first (one item's when asked). */
export async function listLinks(
  db: Db,
  vendor: VendorRef,
  filter: { documentId?: number; folderId?: number },
): Promise<ShareLinkListRow[]> {
  const rows = await joined(db)
    .where(
      and(
        eq(shareLinks.accountingFirmId, vendor.accountingFirmId),
        eq(shareLinks.vendorId, vendor.id),
        filter.documentId === undefined ? undefined : eq(shareLinks.documentId, filter.documentId),
        filter.folderId === undefined ? undefined : eq(shareLinks.folderId, filter.folderId),
      ),
    )
    .orderBy(desc(shareLinks.id))
    .limit(500);
  return rows.map(flatten);
}

export async function findLink(db: Db, vendor: VendorRef, id: number): Promise<ShareLinkListRow | undefined> {
  const [row] = await joined(db).where(
    and(
      eq(shareLinks.accountingFirmId, vendor.accountingFirmId),
      eq(shareLinks.vendorId, vendor.id),
      eq(shareLinks.id, id),
    ),
  );
  return row && flatten(row);
}

export async function findByToken(db: Db, tokenHash: string): Promise<ShareLinkListRow | undefined> {
  const [row] = await joined(db).where(eq(shareLinks.tokenHash, tokenHash));
  return row && flatten(row);
}

/** Revokes a live link; answers whether it was live (a second call changes nothing). */
export async function revokeLink(db: Db, vendor: VendorRef, id: number, userId: number): Promise<void> {
  await db
    .update(shareLinks)
    .set({ revokedAt: sql`now()`, revokedBy: userId })
    .where(
      and(
        eq(shareLinks.accountingFirmId, vendor.accountingFirmId),
        eq(shareLinks.vendorId, vendor.id),
        eq(shareLinks.id, id),
        isNull(shareLinks.revokedAt),
      ),
    );
}

/**
 * Counts one download and logs it, in one transaction, only while the link is live and under its
 * limit: of two last downloads racing, one gets the row. False: the link is dead (404).
 */
export async function recordDownload(
  db: Db,
  link: ShareLinkRow,
  access: {
    address: string;
    userAgent: string;
    kind: 'file' | 'zip';
    documentId?: number;
    versionId?: number;
    folderId?: number;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(shareLinks)
      .set({ downloads: sql`${shareLinks.downloads} + 1` })
      .where(
        and(
          eq(shareLinks.accountingFirmId, link.accountingFirmId),
          eq(shareLinks.id, link.id),
          isNull(shareLinks.revokedAt),
          sql`${shareLinks.expiresAt} > now()`,
          sql`(${shareLinks.maxDownloads} IS NULL OR ${shareLinks.downloads} < ${shareLinks.maxDownloads})`,
        ),
      )
      .returning({ id: shareLinks.id });
    if (!row) return false;
    await tx.insert(shareLinkAccesses).values({
      accountingFirmId: link.accountingFirmId,
      shareLinkId: link.id,
      address: access.address.slice(0, 100),
      userAgent: access.userAgent.slice(0, 500),
      kind: access.kind,
      documentId: access.documentId ?? null,
      versionId: access.versionId ?? null,
      folderId: access.folderId ?? null,
    });
    return true;
  });
}

/** Logs a visit of the public page (the share or one of its folders): counts no download. */
export async function recordView(
  db: Db,
  link: ShareLinkRow,
  access: { address: string; userAgent: string; documentId?: number; folderId?: number },
): Promise<void> {
  await db.insert(shareLinkAccesses).values({
    accountingFirmId: link.accountingFirmId,
    shareLinkId: link.id,
    address: access.address.slice(0, 100),
    userAgent: access.userAgent.slice(0, 500),
    kind: 'view',
    documentId: access.documentId ?? null,
    folderId: access.folderId ?? null,
  });
}

export type AccessRow = typeof shareLinkAccesses.$inferSelect & { name: string | null };

/** A link's access log, newest first (the names as they are now). */
export async function accessesOf(db: Db, link: ShareLinkRow): Promise<AccessRow[]> {
  const rows = await db
    .select({
      access: shareLinkAccesses,
      name: sql<string | null>`coalesce(${documents.name}, ${folders.name})`,
    })
    .from(shareLinkAccesses)
    .leftJoin(
      documents,
      and(
        eq(documents.accountingFirmId, shareLinkAccesses.accountingFirmId),
        eq(documents.id, shareLinkAccesses.documentId),
      ),
    )
    .leftJoin(
      folders,
      and(
        eq(folders.accountingFirmId, shareLinkAccesses.accountingFirmId),
        eq(folders.id, shareLinkAccesses.folderId),
      ),
    )
    .where(
      and(
        eq(shareLinkAccesses.accountingFirmId, link.accountingFirmId),
        eq(shareLinkAccesses.shareLinkId, link.id),
      ),
    )
    .orderBy(desc(shareLinkAccesses.id))
    .limit(1000);
  return rows.map((r) => ({ ...r.access, name: r.name }));
}
