import type {
  AccountingPeriod,
  Address,
  AddressInput,
  Bank,
  BankInput,
  CreateVendorUserRequest,
  PeriodInput,
  UpdateVendorRequest,
  UpdateVendorUserRequest,
  VendorUser,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SchemaName } from '../../api';
import { api } from '../../api';
import { customerKeys, vendorKeys, workspaceKeys } from '../../app/query-keys';

export { useSetVendorActive, useVendorRoles } from '../../app/shared-api';
export { vendorKeys };

export const vendorQuery = (id: number) => ({
  queryKey: vendorKeys.detail(id),
  queryFn: () => api.get(`vendors/${id}`, { contract: 'vendorSchema' as const }),
});

export const useVendor = (id: number) => useQuery(vendorQuery(id));

/** Saves some fields of the client file; the customers list is refetched in the background. */
export function useUpdateVendor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateVendorRequest) => api.patch(`vendors/${id}`, body, { contract: 'vendorSchema' }),
    onSuccess: (vendor) => {
      queryClient.setQueryData(vendorKeys.detail(id), vendor);
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

/** Moves the client file to another firm of the same holding (the firm's id). */
export function useTransferVendor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountingFirmId: number) =>
      api.post(`vendors/${id}/transfer`, { accounting_firm_id: accountingFirmId }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
        queryClient.invalidateQueries({ queryKey: vendorKeys.all(id) }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.roles(id) }),
      ]);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.allVendors });
    },
  });
}

/** Deletes the client file; `confirmation` is its client code as the user typed it. */
export function useDeleteVendor(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) => api.delete(`vendors/${id}`, { body: { confirmation } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: vendorKeys.all(id) });
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.allVendors });
    },
  });
}

/** A callback refetching the queries under `queryKey`, settling when they are fetched again. */
function useInvalidate(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey });
}

/**
 * The hooks of one list of children of a client file (banks, addresses, periods, users): the
 * list, and its create, update and remove mutations, each refetching the list before it settles.
 */
function childrenHooks<T extends { id: number }, In, Up = In>(
  segment: string,
  key: (vendorId: number) => readonly unknown[],
  updateMethod: 'put' | 'patch',
  item: SchemaName,
) {
  const path = (vendorId: number) => `vendors/${vendorId}/${segment}`;
  return {
    useList: (vendorId: number) =>
      useQuery({
        queryKey: key(vendorId),
        queryFn: () => api.get<T[]>(path(vendorId), { contract: `${item}[]` }),
      }),
    useCreate: (vendorId: number) =>
      useMutation({
        mutationFn: (body: In) => api.post<T>(path(vendorId), body, { contract: item }),
        onSuccess: useInvalidate(key(vendorId)),
      }),
    useUpdate: (vendorId: number) =>
      useMutation({
        mutationFn: ({ id, body }: { id: number; body: Up }) =>
          api[updateMethod]<T>(`${path(vendorId)}/${id}`, body, { contract: item }),
        onSuccess: useInvalidate(key(vendorId)),
      }),
    useRemove: (vendorId: number) =>
      useMutation({
        mutationFn: (id: number) => api.delete(`${path(vendorId)}/${id}`),
        onSuccess: useInvalidate(key(vendorId)),
      }),
  };
}

export const banksApi = childrenHooks<Bank, BankInput>('banks', vendorKeys.banks, 'put', 'bankSchema');
export const addressesApi = childrenHooks<Address, AddressInput>(
  'addresses',
  vendorKeys.addresses,
  'put',
  'addressSchema',
);
export const periodsApi = childrenHooks<AccountingPeriod, PeriodInput>(
  'accounting-periods',
  vendorKeys.periods,
  'put',
  'accountingPeriodSchema',
);
export const usersApi = childrenHooks<VendorUser, CreateVendorUserRequest, UpdateVendorUserRequest>(
  'users',
  vendorKeys.users,
  'patch',
  'vendorUserSchema',
);
