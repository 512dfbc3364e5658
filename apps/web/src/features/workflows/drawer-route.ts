import { useLocation, useNavigate } from 'react-router';

/**
 * The workflow drawer's place in the address, below the tab's `workflows` segment
 * (`settings/{context}/workflows/{workflowId|create}`, `customer/{context}/workflows/{workflowId}`):
 * its value (null: closed) and a way to open or close it (closing goes back to the list).
 */
export function useDrawerRoute(segment = 'workflows') {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const match = new RegExp(`^(.*/${segment})(?:/([^/]+))?/?$`).exec(pathname);
  const base = match?.[1] ?? pathname;
  return {
    value: match?.[2] ?? null,
    open: (value: string | null) => navigate(`${base}${value ? `/${value}` : ''}${search}`),
  };
}
