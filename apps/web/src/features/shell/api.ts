import type { AccountingFirmSummary, MyHolding } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { holdingKeys, taskKeys, workspaceKeys } from '../../app/query-keys';

// The frame's client files and modules: asked for by the route guards too, before the frame
// loads (`app/workspace-prefetch.ts`), under the same keys.
export { fetchFirmModules, fetchMyVendors } from '../../app/api';

export { fetchMyFirms } from '../../app/shared-api';
export { workspaceKeys };

/**
 * The navigation badge: the caller's open tasks (to do and in progress) and overdue ones, in the
 * scope the tasks page opens on. Under the tasks' keys: any change of a task refreshes it.
 */
export const useTaskBadge = (firmId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: taskKeys.badge(firmId ?? 0, null),
    queryFn: () =>
      api.get('tasks/counters', {
        query: { accounting_firm_id: firmId },
        showError: false,
        contract: 'taskCountersSchema',
      }),
    enabled: enabled && firmId !== null,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });

/** The holdings the user administers: the navigation offers the holding area when there is one. */
export const useMyHoldings = (enabled: boolean) =>
  useQuery({
    queryKey: holdingKeys.mine,
    queryFn: () => api.get<MyHolding[]>('users/me/holdings', { showError: false }),
    enabled,
    staleTime: 60_000,
  });
