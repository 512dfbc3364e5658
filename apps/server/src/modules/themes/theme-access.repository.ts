import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  folderThemes,
  memberThemes,
  themes,
  vendorMemberships,
  vendors,
  vendorThemes,
  vendorUserThemes,
} from '../../db/schema';

type VendorRef = { id: number; accountingFirmId: number };

/** The firm's themes among `ids`, locked against deletion until the commit. */
export async function lockThemes(db: Db, accountingFirmId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: themes.id, sharing: themes.sharing })
    .from(themes)
    .where(and(eq(themes.accountingFirmId, accountingFirmId), inArray(themes.id, ids)))
    .for('key share');
}

export async function themesByIds(db: Db, accountingFirmId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: themes.id, title: themes.title, colour: themes.colour, rights: themes.rights })
    .from(themes)
    .where(and(eq(themes.accountingFirmId, accountingFirmId), inArray(themes.id, ids)))
    .orderBy(sql`lower(${themes.title})`, asc(themes.id));
}

export async function folderThemeIds(db: Db, accountingFirmId: number, folderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: folderThemes.themeId })
    .from(folderThemes)
    .where(and(eq(folderThemes.accountingFirmId, accountingFirmId), eq(folderThemes.folderId, folderId)));
  return rows.map((r) => r.id);
}

/** Replaces a folder's own themes (the triggers of migration 0027 recompute its subtree). */
export async function setFolderThemes(tx: Db, accountingFirmId: number, folderId: number, ids: number[]) {
  const current = new Set(await folderThemeIds(tx, accountingFirmId, folderId));
  const gone = [...current].filter((id) => !ids.includes(id));
  const added = ids.filter((id) => !current.has(id));
  if (gone.length)
    await tx
      .delete(folderThemes)
      .where(
        and(
          eq(folderThemes.accountingFirmId, accountingFirmId),
          eq(folderThemes.folderId, folderId),
          inArray(folderThemes.themeId, gone),
        ),
      );
  if (added.length)
    await tx.insert(folderThemes).values(added.map((themeId) => ({ accountingFirmId, folderId, themeId })));
}

/** The client file's allowed themes: all of the firm's, or the listed ones. */
export async function allowedThemes(db: Db, vendor: VendorRef): Promise<{ all: boolean; ids: number[] }> {
  const [row] = await db
    .select({ all: vendors.allThemesAllowed })
    .from(vendors)
    .where(and(eq(vendors.accountingFirmId, vendor.accountingFirmId), eq(vendors.id, vendor.id)));
  const rows = await db
    .select({ id: vendorThemes.themeId })
    .from(vendorThemes)
    .where(
      and(eq(vendorThemes.accountingFirmId, vendor.accountingFirmId), eq(vendorThemes.vendorId, vendor.id)),
    )
    .orderBy(asc(vendorThemes.themeId));
  return { all: row?.all ?? true, ids: rows.map((r) => r.id) };
}

export async function setAllowedThemes(tx: Db, vendor: VendorRef, all: boolean, ids: number[]) {
  await tx
    .update(vendors)
    .set({ allThemesAllowed: all })
    .where(and(eq(vendors.accountingFirmId, vendor.accountingFirmId), eq(vendors.id, vendor.id)));
  await tx
    .delete(vendorThemes)
    .where(
      and(eq(vendorThemes.accountingFirmId, vendor.accountingFirmId), eq(vendorThemes.vendorId, vendor.id)),
    );
  if (ids.length)
    await tx
      .insert(vendorThemes)
      .values(
        ids.map((themeId) => ({ accountingFirmId: vendor.accountingFirmId, vendorId: vendor.id, themeId })),
      );
}

/** The client file's tagged folders (live or in the trash), per theme. */
export async function taggedFolders(db: Db, vendor: VendorRef) {
  const rows = await db.execute(sql`
    SELECT ft.theme_id, array_agg(ft.folder_id ORDER BY ft.folder_id) AS folder_ids
      FROM folder_themes ft
      JOIN folders f ON f.accounting_firm_id = ft.accounting_firm_id AND f.id = ft.folder_id
     WHERE ft.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id}
     GROUP BY ft.theme_id ORDER BY ft.theme_id`);
  return (rows as unknown as { rows: { theme_id: number; folder_ids: number[] }[] }).rows.map((r) => ({
    theme_id: Number(r.theme_id),
    folder_ids: r.folder_ids.map(Number),
  }));
}

export async function memberThemeSet(db: Db, accountingFirmId: number, userId: number) {
  const [row] = await db
    .select({ all: accountingFirmMemberships.allThemes })
    .from(accountingFirmMemberships)
    .where(
      and(
        eq(accountingFirmMemberships.accountingFirmId, accountingFirmId),
        eq(accountingFirmMemberships.userId, userId),
      ),
    );
  const rows = await db
    .select({ id: memberThemes.themeId })
    .from(memberThemes)
    .where(and(eq(memberThemes.accountingFirmId, accountingFirmId), eq(memberThemes.userId, userId)))
    .orderBy(asc(memberThemes.themeId));
  return { all: row?.all ?? true, ids: rows.map((r) => r.id) };
}

export async function setMemberThemes(
  tx: Db,
  accountingFirmId: number,
  userId: number,
  all: boolean,
  ids: number[],
) {
  await tx
    .update(accountingFirmMemberships)
    .set({ allThemes: all })
    .where(
      and(
        eq(accountingFirmMemberships.accountingFirmId, accountingFirmId),
        eq(accountingFirmMemberships.userId, userId),
      ),
    );
  await tx
    .delete(memberThemes)
    .where(and(eq(memberThemes.accountingFirmId, accountingFirmId), eq(memberThemes.userId, userId)));
  if (ids.length)
    await tx.insert(memberThemes).values(ids.map((themeId) => ({ accountingFirmId, userId, themeId })));
}

export async function clientThemes(db: Db, vendor: VendorRef, userId: number) {
  const [row] = await db
    .select({ all: vendorMemberships.allThemes })
    .from(vendorMemberships)
    .where(
      and(
        eq(vendorMemberships.accountingFirmId, vendor.accountingFirmId),
        eq(vendorMemberships.vendorId, vendor.id),
        eq(vendorMemberships.userId, userId),
      ),
    );
  const rows = await db
    .select({ id: vendorUserThemes.themeId })
    .from(vendorUserThemes)
    .where(
      and(
        eq(vendorUserThemes.accountingFirmId, vendor.accountingFirmId),
        eq(vendorUserThemes.vendorId, vendor.id),
        eq(vendorUserThemes.userId, userId),
      ),
    )
    .orderBy(asc(vendorUserThemes.themeId));
  return { all: row?.all ?? true, ids: rows.map((r) => r.id) };
}

export async function setClientThemes(
  tx: Db,
  vendor: VendorRef,
  userId: number,
  all: boolean,
  ids: number[],
) {
  const one = and(
    eq(vendorUserThemes.accountingFirmId, vendor.accountingFirmId),
    eq(vendorUserThemes.vendorId, vendor.id),
    eq(vendorUserThemes.userId, userId),
  );
  await tx
    .update(vendorMemberships)
    .set({ allThemes: all })
    .where(
      and(
        eq(vendorMemberships.accountingFirmId, vendor.accountingFirmId),
        eq(vendorMemberships.vendorId, vendor.id),
        eq(vendorMemberships.userId, userId),
      ),
    );
  await tx.delete(vendorUserThemes).where(one);
  if (ids.length)
    await tx.insert(vendorUserThemes).values(
      ids.map((themeId) => ({
        accountingFirmId: vendor.accountingFirmId,
        vendorId: vendor.id,
        userId,
        themeId,
      })),
    );
}

/** How many folders and people carry a theme (deleting it would widen their access). */
export async function themeUse(db: Db, accountingFirmId: number, themeId: number) {
  const result = await db.execute(sql`
    SELECT (SELECT count(*) FROM folder_themes WHERE accounting_firm_id = ${accountingFirmId} AND theme_id = ${themeId})::int AS folders,
           ((SELECT count(*) FROM member_themes WHERE accounting_firm_id = ${accountingFirmId} AND theme_id = ${themeId})
          + (SELECT count(*) FROM vendor_user_themes WHERE accounting_firm_id = ${accountingFirmId} AND theme_id = ${themeId}))::int AS people`);
  const row = (result as unknown as { rows: { folders: number; people: number }[] }).rows[0]!;
  return { folders: Number(row.folders), people: Number(row.people) };
}

/** Before a client file moves to another portal: its theme links to this firm's themes. */
export async function vendorThemeLinks(db: Db, vendor: VendorRef) {
  const result = await db.execute(sql`
    SELECT ft.folder_id, ft.theme_id FROM folder_themes ft
      JOIN folders f ON f.accounting_firm_id = ft.accounting_firm_id AND f.id = ft.folder_id
     WHERE ft.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id}`);
  return (result as unknown as { rows: { folder_id: number; theme_id: number }[] }).rows;
}

/** Drops the client file's links to its firm's themes (folders, allowed themes, users). */
export async function deleteVendorThemeLinks(tx: Db, vendor: VendorRef) {
  await tx.execute(sql`
    DELETE FROM folder_themes ft USING folders f
     WHERE ft.accounting_firm_id = ${vendor.accountingFirmId} AND f.accounting_firm_id = ft.accounting_firm_id
       AND f.id = ft.folder_id AND f.vendor_id = ${vendor.id}`);
  await tx
    .delete(vendorThemes)
    .where(
      and(eq(vendorThemes.accountingFirmId, vendor.accountingFirmId), eq(vendorThemes.vendorId, vendor.id)),
    );
  await tx
    .delete(vendorUserThemes)
    .where(
      and(
        eq(vendorUserThemes.accountingFirmId, vendor.accountingFirmId),
        eq(vendorUserThemes.vendorId, vendor.id),
      ),
    );
}

/** The client file's folder tags with their themes' definitions (to map them onto another firm's). */
export async function folderTagsWithThemes(db: Db, vendor: VendorRef) {
  const result = await db.execute(sql`
    SELECT ft.folder_id, th.title, th.abbreviation, th.colour, th.sharing, th.rights FROM folder_themes ft
      JOIN folders f ON f.accounting_firm_id = ft.accounting_firm_id AND f.id = ft.folder_id
      JOIN themes th ON th.accounting_firm_id = ft.accounting_firm_id AND th.id = ft.theme_id
     WHERE ft.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id}`);
  return (
    result as unknown as {
      rows: { folder_id: number; title: string; colour: string; sharing: string; rights: string }[];
    }
  ).rows;
}

/** The firm's theme of that title (case-insensitive), created with these rights when missing. */
export async function themeByTitleOrNew(
  tx: Db,
  accountingFirmId: number,
  theme: { title: string; colour: string; sharing: string; rights: string },
): Promise<number> {
  await tx.execute(sql`
    INSERT INTO themes (accounting_firm_id, title, colour, sharing, rights)
    VALUES (${accountingFirmId}, ${theme.title}, ${theme.colour}, ${theme.sharing}, ${theme.rights})
    ON CONFLICT (accounting_firm_id, lower(title)) DO NOTHING`);
  const [row] = await tx
    .select({ id: themes.id })
    .from(themes)
    .where(
      and(eq(themes.accountingFirmId, accountingFirmId), sql`lower(${themes.title}) = lower(${theme.title})`),
    );
  return row!.id;
}

export async function addFolderTag(tx: Db, accountingFirmId: number, folderId: number, themeId: number) {
  await tx.insert(folderThemes).values({ accountingFirmId, folderId, themeId }).onConflictDoNothing();
}
