import type { CreateVendorRequest, Member, SiretLookup, Vendor, VendorListItem } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api';

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

export const customersKey = (firmId: number, q?: CustomersQuery) =>
  q ? (['customers', firmId, q] as const) : (['customers', firmId] as const);

export function useCustomers(firmId: number | null, q: CustomersQuery) {
  return useQuery({
    queryKey: customersKey(firmId ?? 0, q),
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
    queryKey: ['customers', 'tree-structures', firmId],
    queryFn: () => api.get<TreeStructure[]>(`accounting-firms/${firmId}/tree-structures`),
    staleTime: 5 * 60_000,
  });

export const useMembers = (firmId: number) =>
  useQuery({
    queryKey: ['customers', 'members', firmId],
    queryFn: () => api.get<Member[]>(`accounting-firms/${firmId}/members`),
    staleTime: 60_000,
  });

export const lookupSiret = (siret: string) =>
  api.get<SiretLookup>('siret-lookup', { query: { siret }, showError: false });

export const createVendor = (firmId: number, body: CreateVendorRequest) =>
  api.post<Vendor>(`accounting-firms/${firmId}/vendors`, body);
