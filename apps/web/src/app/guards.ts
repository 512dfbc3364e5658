import { generatePath, type LoaderFunctionArgs, redirect } from 'react-router';
import { getToken } from '../api';
import { carryEmbedded, decide, rootRedirect } from './navigation';
import type { AppRoute } from './routes';
import { getSelection } from './selection-store';
import { loadSession } from './session';
import { ensureWhiteLabel } from './white-label';

const oops = (url: URL) => redirect(`/oops?${new URLSearchParams({ from: `${url.pathname}${url.search}` })}`);

/** Never settles: the browser is leaving for another site. */
const leaving = () => new Promise<never>(() => {});

/** Start-up: the white label must load, else /oops. */
export async function rootLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.pathname === '/oops') return null;
  try {
    await ensureWhiteLabel();
  } catch {
    throw oops(url);
  }
  return null;
}

/** Rule 1 on the root path. */
export function indexLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(carryEmbedded(rootRedirect(url.search, getToken()), url.search));
}

/** The guard of one route: applies the navigation rules before the page loads. */
export const guardLoader =
  (route: AppRoute) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (route.redirectTo) {
      throw redirect(carryEmbedded(`${generatePath(route.redirectTo, params)}${url.search}`, url.search));
    }
    let providers: { name: string; url: string }[] = [];
    let session: Awaited<ReturnType<typeof loadSession>>;
    try {
      const needsProviders = url.searchParams.has('sso');
      [session, providers] = await Promise.all([
        route.auth === 'authenticated' ? loadSession() : Promise.resolve({ token: getToken(), user: null }),
        needsProviders ? ensureWhiteLabel().then((w) => w.oauth_providers) : Promise.resolve([]),
      ]);
    } catch {
      throw oops(url);
    }
    const decision = decide({
      route,
      pathname: url.pathname,
      search: url.search,
      session,
      oauthProviders: providers,
      selection: getSelection(),
    });
    if (decision.type === 'redirect') throw redirect(decision.to);
    if (decision.type === 'external') {
      window.location.assign(decision.url);
      return leaving();
    }
    // A signed-in frame will show: its first reads start now, beside its code.
    // (Imported here: the signed-in reads stay out of /signin's first file.)
    if (route.layout === 'shell' && session.user)
      void import('./workspace-prefetch')
        .then(({ prefetchWorkspace }) => prefetchWorkspace(route.id, params))
        .catch(() => undefined);
    return null;
  };
