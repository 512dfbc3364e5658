import type { FirmThemeUsage, ThemeHolder, VendorThemeOverview } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import * as repo from './theme-use.repository';

/**
 * Who carries which theme, for the Themes screens: a client file's (its allowed themes, and per
 * theme its folders and people) and the firm's (per theme, its folders in every client file and
 * its people). Reads only; what a theme lets one see is `modules/documents/theme-access.ts`.
 */

const toHolder = (r: repo.HolderRow): ThemeHolder => ({
  user_id: Number(r.user_id),
  fullname: r.fullname,
  side: r.side,
  vendor_id: r.vendor_id === null ? null : Number(r.vendor_id),
  company: r.company,
});

/**
 * A client file's themes (`vendor.users.themes`: firm administrators and the client file's
 * administrator). A client-side caller sees no firm-private theme, no firm member, and only the
 * folders their own themes let them see.
 */
export async function vendorThemeOverview(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
): Promise<VendorThemeOverview> {
  const grant = await ctx.access.authorize(actor, 'vendor.users.themes', { kind: 'vendor', vendorId });
  const vendor = { id: vendorId, accountingFirmId: grant.accountingFirmId! };
  const firmSide = grant.roles.includes('firm_admin');
  const [all, themes, folders, holders] = await Promise.all([
    repo.allThemesAllowed(ctx.db, vendor),
    repo.vendorThemes(ctx.db, vendor, !firmSide),
    repo.vendorTaggedFolders(ctx.db, vendor, grant.themes),
    repo.vendorHolders(ctx.db, vendor, firmSide),
  ]);
  const people = holders.map((h) => ({ themeId: h.theme_id === null ? null : Number(h.theme_id), h }));
  return {
    all_themes: all,
    themes: themes.map((t) => ({
      id: Number(t.id),
      title: t.title,
      abbreviation: t.abbreviation,
      colour: t.colour,
      sharing: t.sharing,
      rights: t.rights,
      allowed: t.allowed,
      folders: folders
        .filter((f) => Number(f.theme_id) === Number(t.id))
        .map((f) => ({ id: Number(f.id), name: f.name })),
      people: people.filter((p) => p.themeId === Number(t.id)).map((p) => toHolder(p.h)),
    })),
    everyone: people.filter((p) => p.themeId === null).map((p) => toHolder(p.h)),
  };
}

/** Per theme of the firm, its tagged folders and the people holding it by name (firm administrators). */
export async function firmThemeUsage(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
): Promise<FirmThemeUsage[]> {
  await ctx.access.authorize(actor, 'firm.themes.manage', { kind: 'firm', accountingFirmId });
  const [ids, folders, holders] = await Promise.all([
    repo.firmThemeIds(ctx.db, accountingFirmId),
    repo.firmTaggedFolders(ctx.db, accountingFirmId),
    repo.firmHolders(ctx.db, accountingFirmId),
  ]);
  return ids.map((id) => ({
    theme_id: id,
    folders: folders
      .filter((f) => Number(f.theme_id) === id)
      .map((f) => ({
        id: Number(f.id),
        name: f.name,
        vendor_id: Number(f.vendor_id),
        company: f.company,
        themes_without: f.themes_without.map(Number),
      })),
    people: holders.filter((h) => Number(h.theme_id) === id).map(toHolder),
  }));
}
