import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { navigationTarget } from '../../app/app-navigate';

/** The in-app target of an absolute path (the embedded query value carried over). */
export function useSaLink() {
  const location = useLocation();
  return useCallback((path: string) => navigationTarget(path, location.search).to, [location.search]);
}
