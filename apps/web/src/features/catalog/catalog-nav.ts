import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { navigationTarget, useAppNavigate } from '../../app/app-navigate';

/**
 * Targets below `/settings/{context}` from inside the catalogue's section (`.../offers/...`),
 * read from the address so that the catalogue needs nothing of the settings feature.
 */
export function useCatalogNav() {
  const { pathname, search } = useLocation();
  const navigate = useAppNavigate();
  const at = pathname.indexOf('/offers');
  const root = at < 0 ? pathname : pathname.slice(0, at);
  const subPath = at < 0 ? '' : pathname.slice(at + 1);
  const to = useCallback((sub: string) => navigationTarget(`${root}/${sub}`, search).to, [root, search]);
  const go = useCallback((sub: string) => navigate(`${root}/${sub}`), [root, navigate]);
  return { subPath, to, go };
}
