import { isBuilt } from '@portal/contracts/features';

/** The tabs of a client file in the spec's order, built or not. */
export const CLIENT_FILE_TABS = [
  'general',
  'fiscal',
  'administration',
  'banks',
  'addresses',
  'notes',
  'financial-years',
  'users',
  'themes',
  'offers',
  'workflows',
  'automation',
  'services',
] as const;
export type ClientFileTab = (typeof CLIENT_FILE_TABS)[number];

/** The tabs offered: the built ones (`builtFeatures.clientFileTabs`). */
export const VISIBLE_CLIENT_FILE_TABS: readonly ClientFileTab[] = CLIENT_FILE_TABS.filter((tab) =>
  isBuilt('clientFileTabs', tab),
);

/** The tab of a splat such as "banks" or "users/12"; unknown, unbuilt or empty: general. */
export function tabOf(splat: string | undefined): ClientFileTab {
  const first = (splat ?? '').split('/')[0] ?? '';
  return (VISIBLE_CLIENT_FILE_TABS as readonly string[]).includes(first)
    ? (first as ClientFileTab)
    : 'general';
}

/** Write rights in a client file: accountants (not read-only); guests and read-only never. */
export function canWriteVendor(roles: { role: string; read_only: boolean } | undefined | null): boolean {
  if (!roles || roles.read_only) return false;
  return roles.role === 'accountant';
}
