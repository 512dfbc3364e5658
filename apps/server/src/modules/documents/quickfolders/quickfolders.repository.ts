import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  accountingPeriods,
  documentThemes,
  folders,
  quickfolders,
  themes,
  vendors,
} from '../../../db/schema';
import type { VendorRef } from '../vendor-ref';

export type QuickfolderRow = typeof quickfolders.$inferSelect;
/** A quick-drop with what its lists show: the client file's and the folder's names and state. */
export type QuickfolderListRow = QuickfolderRow & {
  vendorName: string;
  folderName: string | null;
  folderDeleted: boolean;
};

const listColumns = {
  q: quickfolders,
  vendorName: vendors.company,
  folderName: folders.name,
  folderDeleted: sql<boolean>`(${folders.id} IS NULL OR ${folders.deletedAt} IS NOT NULL)`,
};

type Listed = { q: QuickfolderRow; vendorName: string; folderName: string | null; folderDeleted: boolean };
const flatten = (r: Listed): QuickfolderListRow => ({
  ...r.q,
  vendorName: r.vendorName,
  folderName: r.folderName,
  folderDeleted: r.folderDeleted,
});

function listQuery(db: Db) {
  return db
    .select(listColumns)
    .from(quickfolders)
    .innerJoin(
      vendors,
      and(eq(vendors.accountingFirmId, quickfolders.accountingFirmId), eq(vendors.id, quickfolders.vendorId)),
    )
    .leftJoin(
      folders,
      and(
        eq(folders.accountingFirmId, quickfolders.accountingFirmId),
        eq(folders.vendorId, quickfolders.vendorId),
        eq(folders.id, quickfolders.folderId),
      ),
    );
}

/** The quick-drops of a firm (its manager), by client file then name. */
export async function listOfFirm(db: Db, accountingFirmId: number): Promise<QuickfolderListRow[]> {
  const rows = await listQuery(db)
    .where(eq(quickfolders.accountingFirmId, accountingFirmId))
    .orderBy(asc(vendors.company), asc(quickfolders.name), asc(quickfolders.id));
  return rows.map(flatten);
}

/** The quick-drops of a client file, by name. */
export async function listOfVendor(db: Db, vendor: VendorRef): Promise<QuickfolderListRow[]> {
  const rows = await listQuery(db)
    .where(
      and(eq(quickfolders.accountingFirmId, vendor.accountingFirmId), eq(quickfolders.vendorId, vendor.id)),
    )
    .orderBy(asc(quickfolders.name), asc(quickfolders.id));
  return rows.map(flatten);
}

export async function findOne(
  db: Db,
  vendor: VendorRef,
  id: number,
): Promise<QuickfolderListRow | undefined> {
  const [row] = await listQuery(db).where(
    and(
      eq(quickfolders.accountingFirmId, vendor.accountingFirmId),
      eq(quickfolders.vendorId, vendor.id),
      eq(quickfolders.id, id),
    ),
  );
  return row && flatten(row);
}

export async function insert(db: Db, row: typeof quickfolders.$inferInsert): Promise<QuickfolderRow> {
  const [created] = await db.insert(quickfolders).values(row).returning();
  return created!;
}

export async function update(
  db: Db,
  vendor: VendorRef,
  id: number,
  values: Partial<typeof quickfolders.$inferInsert>,
): Promise<void> {
  await db
    .update(quickfolders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(quickfolders.accountingFirmId, vendor.accountingFirmId),
        eq(quickfolders.vendorId, vendor.id),
        eq(quickfolders.id, id),
      ),
    );
}

export async function remove(db: Db, vendor: VendorRef, id: number): Promise<boolean> {
  const rows = await db
    .delete(quickfolders)
    .where(
      and(
        eq(quickfolders.accountingFirmId, vendor.accountingFirmId),
        eq(quickfolders.vendorId, vendor.id),
        eq(quickfolders.id, id),
      ),
    )
    .returning({ id: quickfolders.id });
  return rows.length > 0;
}

/** The themes of `ids` that are the firm's (others, deleted or of another firm, are dropped). */
export async function firmThemeIds(db: Db, accountingFirmId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: themes.id })
    .from(themes)
    .where(and(eq(themes.accountingFirmId, accountingFirmId), inArray(themes.id, ids)))
    .orderBy(asc(themes.id));
  return rows.map((r) => r.id);
}

/** A ready period of the client file: by id, or the one holding `day` (the latest starting first). */
export async function periodOf(
  db: Db,
  vendor: VendorRef,
  by: { id: number } | { day: string },
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: accountingPeriods.id, name: accountingPeriods.name })
    .from(accountingPeriods)
    .where(
      and(
        eq(accountingPeriods.accountingFirmId, vendor.accountingFirmId),
        eq(accountingPeriods.vendorId, vendor.id),
        eq(accountingPeriods.status, 'ready'),
        'id' in by
          ? eq(accountingPeriods.id, by.id)
          : and(lte(accountingPeriods.startDate, by.day), gte(accountingPeriods.endDate, by.day)),
      ),
    )
    .orderBy(sql`${accountingPeriods.startDate} DESC`)
    .limit(1);
  return row;
}

export async function vendorCodes(db: Db, vendor: VendorRef) {
  const [row] = await db
    .select({ company: vendors.company, clientCode: vendors.clientCode })
    .from(vendors)
    .where(and(eq(vendors.accountingFirmId, vendor.accountingFirmId), eq(vendors.id, vendor.id)));
  return row!;
}

export async function tagDocument(tx: Db, accountingFirmId: number, documentId: number, themeIds: number[]) {
  if (!themeIds.length) return;
  await tx
    .insert(documentThemes)
    .values(themeIds.map((themeId) => ({ accountingFirmId, documentId, themeId })))
    .onConflictDoNothing();
}

/** A document's metadata themes (those still the firm's). */
export async function documentThemeIds(db: Db, accountingFirmId: number, documentId: number) {
  const rows = await db
    .select({ id: documentThemes.themeId })
    .from(documentThemes)
    .innerJoin(
      themes,
      and(
        eq(themes.accountingFirmId, documentThemes.accountingFirmId),
        eq(themes.id, documentThemes.themeId),
      ),
    )
    .where(
      and(eq(documentThemes.accountingFirmId, accountingFirmId), eq(documentThemes.documentId, documentId)),
    )
    .orderBy(asc(documentThemes.themeId));
  return rows.map((r) => r.id);
}
