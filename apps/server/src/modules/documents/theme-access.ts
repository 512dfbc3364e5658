import type { ThemeGrant } from '../../platform/access/access';
import { AppError } from '../../platform/errors/app-error';

/**
 * The theme rule (docs/architecture.md, "Documents"), written once: every documents route, and
 * later WebDAV, share links and search, asks it through the tree service, which applies it to
 * each folder and document it finds or lists for a person (`VendorRef.themes`).
 *
 * A folder's effective themes are its own, else its nearest tagged ancestor's (kept in
 * `folders.effective_theme_ids`); a document follows its folder. Untagged: the role alone
 * decides. Tagged: the person sees it when they hold one of its themes (and none that is
 * firm-private, for a client user), and writes there when one theme they share with it is
 * read-write (their role deciding the rest). Firm administrators see and write everywhere.
 */
export type ThemeVerdict = 'hidden' | 'read' | 'write';

export function themeVerdict(
  grant: ThemeGrant | null | undefined,
  effective: readonly number[],
): ThemeVerdict {
  if (!grant || effective.length === 0) return 'write';
  if (effective.some((id) => grant.blocking.includes(id))) return 'hidden';
  const shared = grant.held.filter((t) => effective.includes(t.id));
  if (shared.length === 0) return 'hidden';
  return shared.some((t) => t.readWrite) ? 'write' : 'read';
}

type Tagged = { effectiveThemeIds: number[] };

/** Whether the person sees the folder (a hidden one answers as if absent). */
export const seesFolder = (grant: ThemeGrant | null | undefined, folder: Tagged): boolean =>
  themeVerdict(grant, folder.effectiveThemeIds) !== 'hidden';

/** Refuses a change in a folder the person sees read-only by theme (403), or does not see (404). */
export function assertThemeWritable(grant: ThemeGrant | null | undefined, folder: Tagged): void {
  const verdict = themeVerdict(grant, folder.effectiveThemeIds);
  if (verdict === 'hidden') throw new AppError('not-found');
  if (verdict === 'read') throw new AppError('theme-read-only');
}
