import type { Module } from '@portal/contracts';
import { encodeContext } from '@portal/contracts/context';
import { isBuilt } from '@portal/contracts/features';
import { generatePath } from 'react-router';
import { isRouteAllowedFor, normaliseContext } from '../../app/navigation';
import type { Selection } from '../../app/route-types';
import { type AppRoute, MODULE_ROUTES, routeById } from '../../app/routes';

export type NavItem = { id: string; to: string; titleKey: string };

type UserFlags = {
  is_super_admin: boolean;
  is_accountant: boolean;
  /** Administers a holding or is group admin of one: the holding area is theirs (issue 32). */
  has_holding?: boolean;
};

/** The path of a route for the current selection (null when it needs more than a context). */
export function pathFor(route: AppRoute, selection: Selection | null): string | null {
  const context = route.path.includes(':context')
    ? normaliseContext(
        selection ? encodeContext(selection.accountingFirmId, selection.vendorId) : undefined,
        route.context,
        selection,
      )
    : undefined;
  const needsMore = route.path
    .split('/')
    .some((segment) => segment.startsWith(':') && !segment.endsWith('?') && segment !== ':context');
  if (needsMore) return null;
  return generatePath(route.path, { context, '*': '' }).replace(/\/$/, '') || '/';
}

/**
 * Home, then the built navbar modules by priority, then the fixed areas the user may open. A module
 * not built yet is left out: it appears once it is in `builtFeatures`.
 */
export function buildNavItems(
  modules: readonly Module[],
  user: UserFlags,
  selection: Selection | null,
): NavItem[] {
  const ids = [
    'home',
    ...[...modules]
      .filter((m) => m.is_navbar && isBuilt('modules', m.key))
      .sort((a, b) => a.priority - b.priority)
      .map((m) => MODULE_ROUTES[m.key])
      .filter((id): id is string => Boolean(id)),
    'customers',
    'settings',
    ...(user.has_holding ? ['holding'] : []),
    'sa',
  ];
  const items: NavItem[] = [];
  for (const id of new Set(ids)) {
    const route = routeById(id);
    if (!route || !isRouteAllowedFor(route, user)) continue;
    const to = pathFor(route, selection);
    if (!to) continue;
    const titleKey = id === 'tasks' && !user.is_accountant ? 'routes.tasks-client' : `routes.${id}`;
    items.push({ id, to, titleKey });
  }
  return items;
}
