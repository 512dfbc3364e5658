import { decodeContext, encodeContext } from '@portal/contracts/context';
import { generatePath, matchPath } from 'react-router';
import { isEmbeddedValue } from './embedded';
import type { ContextMode, OAuthProviderLink, RouteGuardData, Selection, SessionInfo } from './route-types';

/** The navigation rules of spec section 2, as pure functions used by the guards. */

export type Decision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string; replace: boolean }
  | { type: 'external'; url: string };

export const HOME = '/home';
export const SIGN_IN = '/signin';
export const PROFILE_USER = '/profile/user';
const ALLOW: Decision = { type: 'allow' };

/** A redirect target from a query value: only a path of this site ('/x', not '//x' nor 'http:'). */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Rule 9: the `embedded` query value of the current location is carried over to `to`. */
export function carryEmbedded(to: string, currentSearch: string): string {
  const embedded = new URLSearchParams(currentSearch).get('embedded');
  if (embedded === null) return to;
  const url = new URL(to, 'http://x');
  if (url.searchParams.has('embedded')) return to;
  url.searchParams.set('embedded', embedded);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Rule 1: the root path. A stored token goes to autologin (refresh), else sign-in. */
export function rootRedirect(search: string, storedToken: string | null): string {
  const query = new URLSearchParams(search);
  const queryToken = query.get('token');
  if (isEmbeddedValue(query.get('embedded')) && queryToken) {
    // Inside a mobile app that hands us its token: use it as is, no refresh.
    const params = new URLSearchParams({ token: queryToken });
    const refresh = query.get('refresh_token');
    if (refresh) params.set('refresh_token', refresh);
    return `/autologin?${params.toString()}`;
  }
  return storedToken ? '/autologin' : SIGN_IN;
}

/** Rule 2: an authenticated route while signed out goes to sign-in, keeping the original path. */
export function signInRedirect(pathname: string, search: string): string {
  const original = `${pathname}${search}`;
  if (pathname === '/' || pathname === SIGN_IN) return SIGN_IN;
  return `${SIGN_IN}?${new URLSearchParams({ redirect: original }).toString()}`;
}

/** Rule 3: `?sso=<name>` sends an anonymous visitor to that OAuth provider's link. */
export function ssoRedirect(search: string, providers: readonly OAuthProviderLink[]): string | null {
  const params = new URLSearchParams(search);
  const name = params.get('sso');
  if (!name) return null;
  const url = providers.find((p) => p.name.toLowerCase() === name.toLowerCase())?.url;
  return url ? withSsoRedirect(url, params.get('redirect')) : null;
}

/** A provider's link carrying the page to open once signed in (a safe one only). */
export function withSsoRedirect(url: string, redirect: string | null): string {
  const target = safeRedirectTarget(redirect);
  return target ? `${url}${url.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(target)}` : url;
}

/** Rule 4: a signed-in visitor on an anonymous-only route goes to the redirect target or home. */
export function signedInTarget(search: string): string {
  return safeRedirectTarget(new URLSearchParams(search).get('redirect')) ?? HOME;
}

/** Rules 5 and 6: may this user see this route at all? */
export function isRouteAllowedFor(
  route: Pick<RouteGuardData, 'superAdmin' | 'audience'>,
  user: { is_super_admin: boolean; is_accountant: boolean },
): boolean {
  if (route.superAdmin && !user.is_super_admin) return false;
  if (route.audience === 'accountant' && !user.is_accountant) return false;
  if (route.audience === 'client' && user.is_accountant) return false;
  return true;
}

/**
 * Rule 7: the context a route should carry. An invalid or missing context takes the current
 * selection; `never` drops the company part; `always` adds the selected company of that firm
 * when the URL has none; `sometimes` keeps what is given.
 */
export function normaliseContext(
  param: string | undefined,
  mode: ContextMode,
  selection: Selection | null,
): string | undefined {
  const decoded = decodeContext(param) ?? selection;
  if (!decoded) return undefined;
  const { accountingFirmId } = decoded;
  let vendorId = decoded.vendorId;
  if (mode === 'never') vendorId = null;
  if (mode === 'always' && vendorId === null && selection?.accountingFirmId === accountingFirmId) {
    vendorId = selection.vendorId;
  }
  return encodeContext(accountingFirmId, vendorId);
}

/** Rule 7 on a whole path: the same path with its context param normalised (or null when unchanged). */
export function normalisePath(
  route: RouteGuardData,
  pathname: string,
  selection: Selection | null,
): string | null {
  if (!route.path.includes(':context')) return null;
  const match = matchPath(route.path, pathname);
  if (!match) return null;
  const params: Record<string, string | undefined> = { ...match.params };
  const given = params.context;
  if (given !== undefined && decodeContext(given) === null) {
    // Not a context: with an optional param the segment belongs to the rest of the path.
    if (!route.path.endsWith('*')) return null;
    params['*'] = [given, params['*']].filter(Boolean).join('/');
  }
  const context = normaliseContext(decodeContext(given) ? given : undefined, route.context, selection);
  if (context === given) return null;
  params.context = context;
  const next = generatePath(route.path, params);
  return next === pathname ? null : next;
}

/** Rule 8: routes flagged as not historised replace the history entry. */
export const shouldReplace = (target: Pick<RouteGuardData, 'notHistorised'> | undefined): boolean =>
  target?.notHistorised === true;

export type GuardInput = {
  route: RouteGuardData;
  pathname: string;
  search: string;
  session: SessionInfo;
  oauthProviders: readonly OAuthProviderLink[];
  selection: Selection | null;
};

/** All the rules, in order, for one visit; every redirect carries the `embedded` value (rule 9). */
export function decide(input: GuardInput): Decision {
  const decision = decideRaw(input);
  if (decision.type !== 'redirect') return decision;
  return { ...decision, to: carryEmbedded(decision.to, input.search) };
}

function decideRaw({ route, pathname, search, session, oauthProviders, selection }: GuardInput): Decision {
  const redirect = (to: string): Decision => ({ type: 'redirect', to, replace: true });
  const signedIn = session.token !== null;

  if (pathname === '/') return redirect(rootRedirect(search, session.token));

  if (!signedIn) {
    const sso = ssoRedirect(search, oauthProviders);
    if (sso) return { type: 'external', url: sso };
  }
  if (route.auth === 'authenticated' && !signedIn) return redirect(signInRedirect(pathname, search));
  if (route.auth === 'anonymous' && signedIn) return redirect(signedInTarget(search));
  if (route.auth !== 'authenticated' || !session.user) return ALLOW;

  if (!isRouteAllowedFor(route, session.user)) return redirect(HOME);
  if (!session.user.profile_complete && !pathname.startsWith('/profile/user')) {
    return redirect(`${PROFILE_USER}?incomplete=1`);
  }
  const normalised = normalisePath(route, pathname, selection);
  if (normalised) return redirect(`${normalised}${search}`);
  return ALLOW;
}
