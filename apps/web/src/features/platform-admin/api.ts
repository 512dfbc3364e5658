import type {
  CreateFeatureFlagRequest,
  CreatePlatformFirmRequest,
  CreateSaProductRequest,
  FeatureFlag,
  GlobalParameter,
  ModuleSubscriptions,
  NpsSettings,
  Paginated,
  PlatformFirm,
  PlatformHolding,
  PlatformModule,
  PutNpsSettingsRequest,
  SaModule,
  SaProduct,
  UpdateFeatureFlagRequest,
  UpdatePlatformFirmRequest,
  UpdateSaModuleRequest,
  UpdateSaProductRequest,
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
  allModules: ['platform-admin', 'modules', 'all'] as const,
  subscriptions: ['platform-admin', 'modules', 'subscriptions'] as const,
  products: ['platform-admin', 'products'] as const,
  flags: ['platform-admin', 'flags'] as const,
  parameters: ['platform-admin', 'global-parameters'] as const,
  nps: ['platform-admin', 'nps-settings'] as const,
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

// Modules, products, flags and global parameters ------------------------------------------------

/** Every module, inactive ones too, with its flags and portal count. */
export const useSaModules = () =>
  useQuery({
    queryKey: saKeys.allModules,
    queryFn: () => api.get<SaModule[]>('sa/modules', { query: { include_inactive: 'true' } }),
  });

export const useModuleSubscriptions = () =>
  useQuery({
    queryKey: saKeys.subscriptions,
    queryFn: () => api.get<ModuleSubscriptions[]>('sa/modules/subscriptions'),
  });

const refreshModules = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: saKeys.modules }),
    queryClient.invalidateQueries({ queryKey: saKeys.firms() }),
    queryClient.invalidateQueries({ queryKey: saKeys.products }),
  ]);

export function useUpdateSaModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateSaModuleRequest }) =>
      api.patch<SaModule>(`sa/modules/${id}`, body),
    onSuccess: () => refreshModules(queryClient),
  });
}

/** Subscribes (`true`) or unsubscribes a portal to a module. */
export function useSetSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ moduleId, firmId, on }: { moduleId: number; firmId: number; on: boolean }) =>
      api.post<ModuleSubscriptions>(`sa/modules/${moduleId}/${on ? 'subscribe' : 'unsubscribe'}`, {
        accounting_firm_ids: [firmId],
      }),
    onSuccess: () => refreshModules(queryClient),
  });
}

export const useSaProducts = () =>
  useQuery({ queryKey: saKeys.products, queryFn: () => api.get<SaProduct[]>('sa/products') });

export function useCreateSaProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSaProductRequest) => api.post<SaProduct>('sa/products', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: saKeys.products }),
  });
}

export function useUpdateSaProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateSaProductRequest }) =>
      api.patch<SaProduct>(`sa/products/${id}`, body),
    onSuccess: () => refreshModules(queryClient),
  });
}

export function useDeleteSaProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: number; confirm: string }) =>
      api.delete(`sa/products/${id}`, { body: { confirm } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: saKeys.products }),
  });
}

export const useFeatureFlags = () =>
  useQuery({ queryKey: saKeys.flags, queryFn: () => api.get<FeatureFlag[]>('sa/flags') });

export function useCreateFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFeatureFlagRequest) => api.post<FeatureFlag>('sa/flags', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: saKeys.flags }),
  });
}

export function useUpdateFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateFeatureFlagRequest }) =>
      api.patch<FeatureFlag>(`sa/flags/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: saKeys.flags }),
  });
}

export function useDeleteFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: number; confirm: string }) =>
      api.delete(`sa/flags/${id}`, { body: { confirm } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: saKeys.flags }),
  });
}

/** Sets a portal's own value of a flag (`enabled` null: removes it). */
export function useSetFlagOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, firmId, enabled }: { id: number; firmId: number; enabled: boolean | null }) =>
      enabled === null
        ? api.delete<FeatureFlag>(`sa/flags/${id}/accounting-firms/${firmId}`)
        : api.put<FeatureFlag>(`sa/flags/${id}/accounting-firms/${firmId}`, { enabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: saKeys.flags }),
  });
}

export const useGlobalParameters = () =>
  useQuery({
    queryKey: saKeys.parameters,
    queryFn: () => api.get<GlobalParameter[]>('sa/global-parameters'),
  });

export function usePutGlobalParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: unknown }) =>
      api.put<GlobalParameter>(`sa/global-parameters/${key}`, { value }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: saKeys.parameters }),
  });
}

/** Every portal, by name (the pickers of the modules and flags screens: up to 100). */
export const useAllPlatformFirms = () =>
  useQuery({
    queryKey: saKeys.firms({ search: '', includeDeactivated: true, page: 1, perPage: 100 }),
    queryFn: () =>
      api.get<Paginated<PlatformFirm>>(BASE, {
        query: { include_deactivated: 'true', page: 1, per_page: 100 },
      }),
  });

export const useNpsSettings = () =>
  useQuery({ queryKey: saKeys.nps, queryFn: () => api.get<NpsSettings>('sa/nps-surveys/settings') });

export function usePutNpsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutNpsSettingsRequest) => api.put<NpsSettings>('sa/nps-surveys/settings', body),
    onSuccess: (saved) => queryClient.setQueryData(saKeys.nps, saved),
  });
}
