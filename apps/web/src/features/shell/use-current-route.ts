import { useMatches } from 'react-router';
import { type AppRoute, routeById } from '../../app/routes';

/** The route-table entry of the page on screen. */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  const id = (matches.at(-1)?.handle as { routeId?: string } | undefined)?.routeId;
  return id ? routeById(id) : undefined;
}
