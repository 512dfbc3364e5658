import { useCallback } from 'react';
import { matchRoutes, useLocation, useNavigate } from 'react-router';
import { carryEmbedded, shouldReplace } from './navigation';
import { ROUTES } from './routes';

const MATCHABLE = ROUTES.map((r) => ({ id: r.id, path: r.path }));

/** The route a path leads to (React Router's ranking: static segments beat params). */
export function findRoute(pathname: string) {
  const id = matchRoutes(MATCHABLE, pathname)?.[0]?.route.id;
  return ROUTES.find((r) => r.id === id);
}

/** In-app navigation target: the embedded value carried over (rule 9), replace when not historised (rule 8). */
export function navigationTarget(to: string, currentSearch: string): { to: string; replace: boolean } {
  const target = carryEmbedded(to, currentSearch);
  const pathname = new URL(target, 'http://x').pathname;
  return { to: target, replace: shouldReplace(findRoute(pathname)) };
}

export function useAppNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, options: { replace?: boolean } = {}) => {
      const target = navigationTarget(to, location.search);
      void navigate(target.to, { replace: options.replace ?? target.replace });
    },
    [navigate, location.search],
  );
}
