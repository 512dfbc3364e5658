import type {
  CreateVendorRequest,
  Member,
  SiretCheck,
  SiretLookup,
  Vendor,
  VendorListItem,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { workspaceKeys } from '../shell/api';

export type Paginated<T> = {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
};

export type VendorSort =
  | 'company'
  | '-company'
  | 'client_code'
  | '-client_code'
  | 'created_at'
  | '-created_at';

export type CustomersQuery = {
  search: string;
  status: 'active' | 'deactivated' | '';
  sort: VendorSort;
  page: number;
  perPage: number;
};

export const PAGE_SIZE = 25;

/** Query keys of the customers list and the creation wizard: everything under ['customers']. */
export const customerKeys = {
  all: ['customers'] as const,
  list: (firmId: number, q: CustomersQuery) => ['customers', firmId, q] as const,
  treeStructures: (firmId: number) => ['customers', 'tree-structures', firmId] as const,
  members: (firmId: number) => ['customers', 'members', firmId] as const,
};

export function useCustomers(firmId: number | null, q: CustomersQuery) {
  return useQuery({
    queryKey: customerKeys.list(firmId ?? 0, q),
    queryFn: () =>
      api.get<Paginated<VendorListItem>>(`accounting-firms/${firmId}/vendors`, {
        query: {
          search: q.search.trim() || undefined,
          status: q.status || undefined,
          sort: q.sort,
          page: q.page,
          per_page: q.perPage,
        },
      }),
    enabled: firmId !== null,
    placeholderData: keepPreviousData,
  });
}

export type TreeFolder = { name: string; children?: TreeFolder[] };
export type TreeStructure = { id: number; name: string; is_default: boolean; folders: TreeFolder[] };

export const useTreeStructures = (firmId: number) =>
  useQuery({
    queryKey: customerKeys.treeStructures(firmId),
    queryFn: () => api.get<TreeStructure[]>(`accounting-firms/${firmId}/tree-structures`),
    staleTime: 5 * 60_000,
  });

export const useMembers = (firmId: number) =>
  useQuery({
    queryKey: customerKeys.members(firmId),
    queryFn: () => api.get<Member[]>(`accounting-firms/${firmId}/members`),
    staleTime: 60_000,
  });

export const lookupSiret = (siret: string) =>
  api.get<SiretLookup>('siret-lookup', { query: { siret }, showError: false });

/** Whether a SIRET is free on the whole platform: a taken one fails with 422 `siret-already-used`. */
export const checkSiret = (firmId: number, siret: string) =>
  api.get<SiretCheck>(`accounting-firms/${firmId}/siret-check`, { query: { siret }, showError: false });

/** Creates a client file; the lists are refetched, and the shell's before the new page opens. */
export function useCreateVendor(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVendorRequest) => api.post<Vendor>(`accounting-firms/${firmId}/vendors`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
        queryClient.refetchQueries({ queryKey: workspaceKeys.vendors(firmId) }),
      ]),
  });
}
