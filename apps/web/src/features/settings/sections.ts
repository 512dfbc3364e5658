/**
 * The settings area (spec section 2): sections of the firm settings (accountants) and tabs of the
 * company settings (client users). A path is relative to `/settings/{context}`.
 */
export type FirmSection = {
  /** Path below `/settings/{context}`; also the i18n key `settings:firm.<key>` (slashes as dots). */
  path: string;
  /** Built here; the others show the "coming soon" page. */
  built?: boolean;
  /** Shown to group administrators only. */
  groupAdmin?: boolean;
};

export const FIRM_SECTIONS: readonly FirmSection[] = [
  { path: 'team-manager', built: true },
  { path: 'applications' },
  { path: 'analytics' },
  { path: 'pimpmyfirm', built: true },
  { path: 'document-templates' },
  { path: 'group/administration', groupAdmin: true },
  { path: 'group/manager', groupAdmin: true },
  { path: 'home' },
  { path: 'offers' },
  { path: 'quickfolders-manager' },
  { path: 'terms-of-service', built: true },
  // Not a section of the spec: the portal's sign-in rules (issue 15).
  { path: 'security', built: true },
  // Not a section of the spec: storage usage and retention (issue 23).
  { path: 'storage', built: true },
];

export const DEFAULT_FIRM_SECTION = 'team-manager';

/** The team manager's pages; `users` is the default. */
export const TEAM_PAGES = ['users', 'companies', 'themes'] as const;
export type TeamPage = (typeof TEAM_PAGES)[number];

export type CompanyTab = { path: string; built: boolean };

export const COMPANY_TABS: readonly CompanyTab[] = [
  { path: 'general', built: true },
  { path: 'addresses', built: true },
  { path: 'banks', built: true },
  { path: 'financial-years', built: true },
  { path: 'users', built: true },
  { path: 'automation', built: false },
  { path: 'themes', built: false },
  { path: 'workflows', built: false },
];

export const DEFAULT_COMPANY_TAB = 'general';

/** The i18n key of a firm section (`group/manager` -> `group.manager`). */
export const sectionKey = (path: string): string => path.replace(/\//g, '.');

export const visibleFirmSections = (isGroupAdmin: boolean): FirmSection[] =>
  FIRM_SECTIONS.filter((s) => !s.groupAdmin || isGroupAdmin);

/** The section a settings sub-path belongs to (the longest matching prefix), else null. */
export function sectionOf(subPath: string, sections: readonly { path: string }[]): string | null {
  const clean = subPath.replace(/^\/+|\/+$/g, '');
  let best: string | null = null;
  for (const { path } of sections) {
    if ((clean === path || clean.startsWith(`${path}/`)) && (best === null || path.length > best.length))
      best = path;
  }
  return best;
}

/** The company tab a user may edit: admins and accountants without read-only; users: admins only. */
export function companyCanWrite(
  tab: string,
  role: 'accountant' | 'admin' | 'collaborator' | 'guest' | null,
  readOnly: boolean,
): boolean {
  if (role === null || readOnly) return false;
  if (tab === 'users') return role === 'admin';
  return role === 'admin' || role === 'accountant';
}

/** `/settings/{context}/{sub}` */
export const settingsPath = (context: string, sub = ''): string =>
  `/settings/${context}${sub ? `/${sub.replace(/^\/+/, '')}` : ''}`;
