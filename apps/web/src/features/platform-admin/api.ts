import type {
  CreatePlatformFirmRequest,
  Paginated,
  PlatformFirm,
  PlatformHolding,
  PlatformModule,
  UpdatePlatformFirmRequest,
} from '@portal/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../api';
import { workspaceKeys } from '../../app/query-keys';

/** The list's filters (spec: sa/accounting-firms, search and "show deactivated"). */
export type FirmsQuery = { search: string; includeDeactivated: boolean; page: number; perPage: number };

export const FIRMS_PAGE_SIZE = 25;

/** Query keys: everything of the super admin under ['platform-admin']. */
export const saKeys = {
  all: ['platform-admin'] as const,
  firms: (q?: FirmsQuery) =>
    q ? (['platform-admin', 'firms', q] as const) : (['platform-admin', 'firms'] as const),
  firm: (id: number) => ['platform-admin', 'firm', id] as const,
  holdings: ['platform-admin', 'holdings'] as const,
  modules: ['platform-admin', 'modules'] as const,
};

const BASE = 'sa/accounting-firms';

export const usePlatformFirms = (q: FirmsQuery) =>
  useQuery({
    queryKey: saKeys.firms(q),
    queryFn: () =>
      api.get<Paginated<PlatformFirm>>(BASE, {
        query: {
          search: q.search.trim() || undefined,
          include_deactivated: q.includeDeactivated ? 'true' : 'false',
          page: q.page,
          per_page: q.perPage,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const usePlatformFirm = (id: number) =>
  useQuery({ queryKey: saKeys.firm(id), queryFn: () => api.get<PlatformFirm>(`${BASE}/${id}`) });

export const usePlatformHoldings = () =>
  useQuery({ queryKey: saKeys.holdings, queryFn: () => api.get<PlatformHolding[]>('sa/holdings') });

export const usePlatformModules = () =>
  useQuery({
    queryKey: saKeys.modules,
    queryFn: () => api.get<PlatformModule[]>('sa/modules'),
    staleTime: 5 * 60_000,
  });

/**
 * After a change: the portal's detail is set from the answer; the lists, the holdings (counts)
 * and the shell's firm list (a super admin sees every portal) are refetched.
 */
async function refresh(queryClient: QueryClient, firm: PlatformFirm) {
  queryClient.setQueryData(saKeys.firm(firm.id), firm);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: saKeys.firms() }),
    queryClient.invalidateQueries({ queryKey: saKeys.holdings }),
    queryClient.invalidateQueries({ queryKey: workspaceKeys.allFirms }),
  ]);
}

/** Creates a portal with its holding, modules and invited first administrator. */
export function useCreatePlatformFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlatformFirmRequest) => api.post<PlatformFirm>(BASE, body),
    onSuccess: (firm) => refresh(queryClient, firm),
  });
}

export function useUpdatePlatformFirm(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePlatformFirmRequest) => api.patch<PlatformFirm>(`${BASE}/${id}`, body),
    onSuccess: (firm) => refresh(queryClient, firm),
  });
}

/** Deactivates (`false`) or restores (`true`) a portal. */
export function useSetPlatformFirmActive(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) =>
      api.post<PlatformFirm>(`${BASE}/${id}/${active ? 'restore' : 'deactivate'}`),
    onSuccess: (firm) => refresh(queryClient, firm),
  });
}
