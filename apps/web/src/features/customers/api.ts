import type { CreateVendorRequest, SiretCheck } from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { customerKeys, workspaceKeys } from '../../app/query-keys';

export { useFirmMembers as useMembers } from '../../app/shared-api';
export { customerKeys };

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

/** The list as the page opens: active client files by name, first page. */
export const FIRST_QUERY: CustomersQuery = {
  search: '',
  status: 'active',
  sort: 'company',
  page: 1,
  perPage: PAGE_SIZE,
};

export const customersQuery = (firmId: number, q: CustomersQuery) => ({
  queryKey: customerKeys.list(firmId, q),
  queryFn: () =>
    api.get(`accounting-firms/${firmId}/vendors`, {
      contract: 'page of vendorListItemSchema' as const,
      query: {
        search: q.search.trim() || undefined,
        status: q.status || undefined,
        sort: q.sort,
        page: q.page,
        per_page: q.perPage,
      },
    }),
});

export function useCustomers(firmId: number | null, q: CustomersQuery) {
  return useQuery({
    ...customersQuery(firmId ?? 0, q),
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

export const lookupSiret = (siret: string) =>
  api.get('siret-lookup', { query: { siret }, showError: false, contract: 'siretLookupSchema' });

/** Whether a SIRET is free on the whole platform: a taken one fails with 422 `siret-already-used`. */
export const checkSiret = (firmId: number, siret: string) =>
  api.get<SiretCheck>(`accounting-firms/${firmId}/siret-check`, { query: { siret }, showError: false });

/** Creates a client file; the lists are refetched, and the shell's before the new page opens. */
export function useCreateVendor(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVendorRequest) =>
      api.post(`accounting-firms/${firmId}/vendors`, body, { contract: 'vendorSchema' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
        queryClient.refetchQueries({ queryKey: workspaceKeys.vendors(firmId) }),
      ]),
  });
}
