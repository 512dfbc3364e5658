import type { AccountingFirmSummary, Module, VendorSummary } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../api';
import { taskKeys, workspaceKeys } from '../../app/query-keys';

export { workspaceKeys };

export const fetchMyFirms = (host: string): Promise<AccountingFirmSummary[]> =>
  api.get('users/me/accounting-firms', {
    query: { active_domain: host },
    contract: 'accountingFirmSummarySchema[]',
  });

/**
 * The user's client files in a firm. A firm listed without membership (a super admin sees every
 * firm) answers 404: no client files, not an error to show.
 */
export async function fetchMyVendors(firmId: number, search?: string): Promise<VendorSummary[]> {
  try {
    return await api.get(`users/me/accounting-firms/${firmId}/vendors`, {
      query: { search: search || undefined },
      showError: false,
      contract: 'vendorSummarySchema[]',
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export const fetchFirmModules = (firmId: number): Promise<Module[]> =>
  api.get(`accounting-firms/${firmId}/modules`, { contract: 'moduleSchema[]' });

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
