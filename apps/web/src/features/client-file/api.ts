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
  Vendor,
  VendorRoles,
  VendorUser,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { queryClient } from '../../app/query-client';

/** Query keys of one client file: everything under ['vendor', id]. */
export const vendorKeys = {
  all: (id: number) => ['vendor', id] as const,
  detail: (id: number) => ['vendor', id, 'detail'] as const,
  roles: (id: number) => ['vendor', id, 'roles'] as const,
  banks: (id: number) => ['vendor', id, 'banks'] as const,
  addresses: (id: number) => ['vendor', id, 'addresses'] as const,
  periods: (id: number) => ['vendor', id, 'periods'] as const,
  users: (id: number) => ['vendor', id, 'users'] as const,
};

export const useVendor = (id: number) =>
  useQuery({ queryKey: vendorKeys.detail(id), queryFn: () => api.get<Vendor>(`vendors/${id}`) });

export const useVendorRoles = (id: number) =>
  useQuery({ queryKey: vendorKeys.roles(id), queryFn: () => api.get<VendorRoles>(`vendors/${id}/roles`) });

export async function patchVendor(id: number, body: UpdateVendorRequest): Promise<Vendor> {
  const vendor = await api.patch<Vendor>(`vendors/${id}`, body);
  queryClient.setQueryData(vendorKeys.detail(id), vendor);
  void queryClient.invalidateQueries({ queryKey: ['customers'] });
  return vendor;
}

/** A list of children of a client file (banks, addresses, periods, users) with its CRUD calls. */
function children<T extends { id: number }, In, Up = In>(
  segment: string,
  key: (id: number) => readonly unknown[],
  updateMethod: 'put' | 'patch',
) {
  const refresh = (vendorId: number) => queryClient.invalidateQueries({ queryKey: key(vendorId) });
  return {
    use: (vendorId: number) =>
      useQuery({ queryKey: key(vendorId), queryFn: () => api.get<T[]>(`vendors/${vendorId}/${segment}`) }),
    create: async (vendorId: number, body: In) => {
      const item = await api.post<T>(`vendors/${vendorId}/${segment}`, body);
      await refresh(vendorId);
      return item;
    },
    update: async (vendorId: number, itemId: number, body: Up) => {
      const item = await api[updateMethod]<T>(`vendors/${vendorId}/${segment}/${itemId}`, body);
      await refresh(vendorId);
      return item;
    },
    remove: async (vendorId: number, itemId: number) => {
      await api.delete(`vendors/${vendorId}/${segment}/${itemId}`);
      await refresh(vendorId);
    },
  };
}

export const banksApi = children<Bank, BankInput>('banks', vendorKeys.banks, 'put');
export const addressesApi = children<Address, AddressInput>('addresses', vendorKeys.addresses, 'put');
export const periodsApi = children<AccountingPeriod, PeriodInput>(
  'accounting-periods',
  vendorKeys.periods,
  'put',
);
export const usersApi = children<VendorUser, CreateVendorUserRequest, UpdateVendorUserRequest>(
  'users',
  vendorKeys.users,
  'patch',
);
