import { isBuilt } from '@portal/contracts/features';

/**
 * The settings area (spec section 2): sections of the firm settings (accountants) and tabs of the
 * company settings (client users). A path is relative to `/settings/{context}`.
 */
export type FirmSection = {
  /** Path below `/settings/{context}`; also the i18n key `settings:firm.<key>` (slashes as dots). */
  path: string;
  /** In `builtFeatures.firmSettings`: only these are offered. */
  built: boolean;
  /** Shown to group administrators only. */
  groupAdmin?: boolean;
};

const firmSection = (path: string, extra: { groupAdmin?: boolean } = {}): FirmSection => ({
  path,
  built: isBuilt('firmSettings', path),
  ...extra,
});

/** Every section of the spec, built or not. */
export const FIRM_SECTIONS: readonly FirmSection[] = [
  firmSection('team-manager'),
  firmSection('applications'),
  firmSection('analytics'),
  firmSection('pimpmyfirm'),
  firmSection('document-templates'),
  firmSection('group/administration', { groupAdmin: true }),
  firmSection('group/manager', { groupAdmin: true }),
  firmSection('home'),
  firmSection('offers'),
  firmSection('quickfolders-manager'),
  firmSection('terms-of-service'),
  // Not a section of the spec: the portal's sign-in rules (issue 15).
  firmSection('security'),
  // Not a section of the spec: storage usage and retention (issue 23).
  firmSection('storage'),
  // Not a section of the spec: the electronic signature's certificate and defaults (issue 29).
  firmSection('signatures'),
  // Not a section of the spec: the portal's audit log, "Journal d'activité" (issue 31).
  firmSection('audit'),
];

export const DEFAULT_FIRM_SECTION = 'team-manager';

/** The team manager's pages; `users` is the default. */
export const TEAM_PAGES = ['users', 'companies', 'themes', 'workflows'] as const;
export type TeamPage = (typeof TEAM_PAGES)[number];

/** The pages offered: the firm's workflows once built (`team-manager/workflows` in `firmSettings`). */
export const visibleTeamPages = (): TeamPage[] =>
  TEAM_PAGES.filter((p) => p !== 'workflows' || isBuilt('firmSettings', `team-manager/${p}`));

export type CompanyTab = { path: string; built: boolean };

/** Every tab of the spec, built or not. */
export const COMPANY_TABS: readonly CompanyTab[] = [
  'general',
  'addresses',
  'banks',
  'financial-years',
  'users',
  'automation',
  'themes',
  'workflows',
].map((path) => ({ path, built: isBuilt('companySettings', path) }));

/** The tabs a client user is offered: the built ones. */
export const visibleCompanyTabs = (): CompanyTab[] => COMPANY_TABS.filter((t) => t.built);

export const DEFAULT_COMPANY_TAB = 'general';

/** The i18n key of a firm section (`group/manager` -> `group.manager`). */
export const sectionKey = (path: string): string => path.replace(/\//g, '.');

/** The sections offered: built, and the group's to group administrators only. */
export const visibleFirmSections = (isGroupAdmin: boolean): FirmSection[] =>
  FIRM_SECTIONS.filter((s) => s.built && (!s.groupAdmin || isGroupAdmin));

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
