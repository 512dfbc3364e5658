import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ThemeGrant } from '../../platform/access/access';
import { visibleFolderSql } from '../documents/theme-access.sql';

/** Who carries which theme, for the Themes screens (reads only; the rules are in `theme-access.*`). */

type VendorRef = { id: number; accountingFirmId: number };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A person's name as the lists show it (their email when they have none yet). */
const fullname = sql`COALESCE(NULLIF(btrim(concat_ws(' ', u.firstname, u.lastname)), ''), u.email)`;

export type HolderRow = {
  theme_id: number | null;
  user_id: number;
  fullname: string;
  side: 'firm' | 'client';
  vendor_id: number | null;
  company: string | null;
};

export type VendorThemeRow = {
  id: number;
  title: string;
  abbreviation: string | null;
  colour: string;
  sharing: 'default' | 'private_firm' | 'private_company' | 'shared';
  rights: 'read_only' | 'read_write';
  allowed: boolean;
};

/** The firm's themes with whether the client file allows each (a client user: not the firm-private). */
export async function vendorThemes(db: Db, vendor: VendorRef, clientSide: boolean) {
  return rowsOf<VendorThemeRow>(
    await db.execute(sql`
      SELECT th.id, th.title, th.abbreviation, th.colour, th.sharing, th.rights,
             (v.all_themes_allowed OR EXISTS (SELECT 1 FROM vendor_themes vt
                WHERE vt.accounting_firm_id = v.accounting_firm_id AND vt.vendor_id = v.id
                  AND vt.theme_id = th.id)) AS allowed
        FROM themes th
        JOIN vendors v ON v.accounting_firm_id = th.accounting_firm_id AND v.id = ${vendor.id}
       WHERE th.accounting_firm_id = ${vendor.accountingFirmId}
         ${clientSide ? sql`AND th.sharing <> 'private_firm'` : sql``}
       ORDER BY lower(th.title), th.id`),
  );
}

/** The client file's live folders tagged with a theme, those the grant lets the caller see. */
export async function vendorTaggedFolders(db: Db, vendor: VendorRef, grant: ThemeGrant | null | undefined) {
  return rowsOf<{ theme_id: number; id: number; name: string }>(
    await db.execute(sql`
      SELECT ft.theme_id, f.id, f.name
        FROM folder_themes ft
        JOIN folders f ON f.accounting_firm_id = ft.accounting_firm_id AND f.id = ft.folder_id
       WHERE ft.accounting_firm_id = ${vendor.accountingFirmId} AND f.vendor_id = ${vendor.id}
         AND f.deleted_at IS NULL AND ${visibleFolderSql(grant, 'f')}
       ORDER BY lower(f.name), f.id`),
  );
}

/** Firm members (never administrators) reaching the client file: by all of it or an assignment. */
const reachesVendor = (
  vendorId: number,
): SQL => sql`(m.all_vendors OR EXISTS (SELECT 1 FROM vendor_assignments va
    WHERE va.accounting_firm_id = m.accounting_firm_id AND va.vendor_id = ${vendorId} AND va.user_id = m.user_id))`;

/**
 * The people of a client file holding themes: per theme (`theme_id`) those holding it by name, and
 * (`theme_id` null) those holding every theme. The firm's members only for a firm-side caller.
 */
export async function vendorHolders(db: Db, vendor: VendorRef, firmSide: boolean) {
  const firm = vendor.accountingFirmId;
  const members = firmSide
    ? sql`
      UNION ALL
      SELECT mt.theme_id, u.id, ${fullname}, 'firm', NULL::int, NULL::text
        FROM member_themes mt
        JOIN accounting_firm_memberships m ON m.accounting_firm_id = mt.accounting_firm_id AND m.user_id = mt.user_id
        JOIN users u ON u.id = m.user_id
       WHERE mt.accounting_firm_id = ${firm} AND m.role <> 'admin' AND NOT m.all_themes AND ${reachesVendor(vendor.id)}
      UNION ALL
      SELECT NULL::int, u.id, ${fullname}, 'firm', NULL::int, NULL::text
        FROM accounting_firm_memberships m JOIN users u ON u.id = m.user_id
       WHERE m.accounting_firm_id = ${firm} AND m.role <> 'admin' AND m.all_themes AND ${reachesVendor(vendor.id)}`
    : sql``;
  return rowsOf<HolderRow>(
    await db.execute(sql`
      SELECT * FROM (
      SELECT vut.theme_id, u.id AS user_id, ${fullname} AS fullname, 'client' AS side, vm.vendor_id, v.company
        FROM vendor_user_themes vut
        JOIN vendor_memberships vm ON vm.accounting_firm_id = vut.accounting_firm_id
         AND vm.vendor_id = vut.vendor_id AND vm.user_id = vut.user_id
        JOIN users u ON u.id = vm.user_id
        JOIN vendors v ON v.accounting_firm_id = vm.accounting_firm_id AND v.id = vm.vendor_id
       WHERE vut.accounting_firm_id = ${firm} AND vut.vendor_id = ${vendor.id} AND NOT vm.all_themes
      UNION ALL
      SELECT NULL::int, u.id, ${fullname}, 'client', vm.vendor_id, v.company
        FROM vendor_memberships vm
        JOIN users u ON u.id = vm.user_id
        JOIN vendors v ON v.accounting_firm_id = vm.accounting_firm_id AND v.id = vm.vendor_id
       WHERE vm.accounting_firm_id = ${firm} AND vm.vendor_id = ${vendor.id} AND vm.all_themes
      ${members}) holders
      ORDER BY side DESC, lower(fullname), user_id`),
  );
}

export type UsageFolderRow = {
  theme_id: number;
  id: number;
  name: string;
  vendor_id: number;
  company: string;
  themes_without: number[];
};

/**
 * Every live folder of the firm tagged with a theme, with the effective themes it would have
 * without that theme: the other own themes of the nearest folder (itself first, then up its
 * parents) that keeps one once the theme is gone; none: the role alone decides.
 */
export async function firmTaggedFolders(db: Db, accountingFirmId: number) {
  return rowsOf<UsageFolderRow>(
    await db.execute(sql`
      WITH RECURSIVE tagged AS (
        SELECT ft.theme_id, f.id, f.name, f.vendor_id
          FROM folder_themes ft
          JOIN folders f ON f.accounting_firm_id = ft.accounting_firm_id AND f.id = ft.folder_id
         WHERE ft.accounting_firm_id = ${accountingFirmId} AND f.deleted_at IS NULL
      ), up AS (
        SELECT t.theme_id, t.id AS folder_id, t.id AS at_id FROM tagged t
        UNION ALL
        SELECT up.theme_id, up.folder_id, f.parent_id
          FROM up JOIN folders f ON f.accounting_firm_id = ${accountingFirmId} AND f.id = up.at_id
         WHERE f.parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM folder_themes o
                WHERE o.accounting_firm_id = ${accountingFirmId} AND o.folder_id = up.at_id
                  AND o.theme_id <> up.theme_id)
      )
      SELECT t.theme_id, t.id, t.name, t.vendor_id, v.company,
             ARRAY(SELECT DISTINCT o.theme_id FROM up
                     JOIN folder_themes o ON o.accounting_firm_id = ${accountingFirmId}
                      AND o.folder_id = up.at_id AND o.theme_id <> up.theme_id
                    WHERE up.theme_id = t.theme_id AND up.folder_id = t.id
                    ORDER BY o.theme_id) AS themes_without
        FROM tagged t
        JOIN vendors v ON v.accounting_firm_id = ${accountingFirmId} AND v.id = t.vendor_id
       ORDER BY lower(v.company), v.id, lower(t.name), t.id`),
  );
}

/** Every person of the firm holding a theme by name: members (not administrators) and client users. */
export async function firmHolders(db: Db, accountingFirmId: number) {
  return rowsOf<HolderRow>(
    await db.execute(sql`
      SELECT * FROM (
      SELECT mt.theme_id, u.id AS user_id, ${fullname} AS fullname, 'firm' AS side, NULL::int AS vendor_id,
             NULL::text AS company
        FROM member_themes mt
        JOIN accounting_firm_memberships m ON m.accounting_firm_id = mt.accounting_firm_id AND m.user_id = mt.user_id
        JOIN users u ON u.id = m.user_id
       WHERE mt.accounting_firm_id = ${accountingFirmId} AND m.role <> 'admin' AND NOT m.all_themes
      UNION ALL
      SELECT vut.theme_id, u.id, ${fullname}, 'client', vm.vendor_id, v.company
        FROM vendor_user_themes vut
        JOIN vendor_memberships vm ON vm.accounting_firm_id = vut.accounting_firm_id
         AND vm.vendor_id = vut.vendor_id AND vm.user_id = vut.user_id
        JOIN users u ON u.id = vm.user_id
        JOIN vendors v ON v.accounting_firm_id = vm.accounting_firm_id AND v.id = vm.vendor_id
       WHERE vut.accounting_firm_id = ${accountingFirmId} AND NOT vm.all_themes) holders
      ORDER BY side DESC, lower(fullname), user_id, lower(company)`),
  );
}

/** The firm's theme ids (usage lists every theme, used or not). */
export async function firmThemeIds(db: Db, accountingFirmId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`SELECT id FROM themes WHERE accounting_firm_id = ${accountingFirmId} ORDER BY lower(title), id`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

/** Whether the client file allows every theme of the firm (its flag, not the current list). */
export async function allThemesAllowed(db: Db, vendor: VendorRef): Promise<boolean> {
  const [row] = rowsOf<{ all: boolean }>(
    await db.execute(sql`SELECT all_themes_allowed AS all FROM vendors
      WHERE accounting_firm_id = ${vendor.accountingFirmId} AND id = ${vendor.id}`),
  );
  return row?.all ?? true;
}
