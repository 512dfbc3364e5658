import { decodeContext } from '@portal/contracts/context';
import { useCallback } from 'react';
import { useLocation, useParams } from 'react-router';
import { navigationTarget, useAppNavigate } from '../../app/app-navigate';
import { settingsPath } from './sections';

/**
 * The settings' context param (null until the workspace has put a valid one in the URL) and
 * helpers building in-app targets below `/settings/{context}`.
 */
export function useSettingsNav() {
  const params = useParams();
  const location = useLocation();
  const navigate = useAppNavigate();
  const context = params.context && decodeContext(params.context) ? params.context : null;
  // From the path, not from the splat param: nested <Routes> replace `*` with their own rest.
  const subPath = context
    ? (location.pathname.split(`/settings/${context}`)[1]?.replace(/^\/+/, '') ?? '')
    : '';
  const to = useCallback(
    (sub: string) => navigationTarget(settingsPath(context ?? '', sub), location.search).to,
    [context, location.search],
  );
  const go = useCallback(
    (sub: string, replace?: boolean) => navigate(settingsPath(context ?? '', sub), { replace }),
    [context, navigate],
  );
  return { context, subPath, to, go };
}
