import type { AccountingFirmSummary, Vendor } from '@portal/contracts';
import { api } from '../../api';
import { queryClient } from '../../app/query-client';
import { vendorKeys } from './api';

/** After a change of status, firm or existence: the lists that show the client file. */
export async function refreshVendorLists(vendorId: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['customers'] }),
    queryClient.invalidateQueries({ queryKey: vendorKeys.all(vendorId) }),
  ]);
}

export async function setVendorActive(vendorId: number, active: boolean): Promise<Vendor> {
  const vendor = await api.post<Vendor>(`vendors/${vendorId}/${active ? 'restore' : 'deactivate'}`);
  queryClient.setQueryData(vendorKeys.detail(vendorId), vendor);
  await queryClient.invalidateQueries({ queryKey: ['customers'] });
  return vendor;
}

export async function transferVendor(vendorId: number, accountingFirmId: number) {
  await api.post(`vendors/${vendorId}/transfer`, { accounting_firm_id: accountingFirmId });
  await refreshVendorLists(vendorId);
  await queryClient.invalidateQueries({ queryKey: ['workspace', 'vendors'] });
}

export async function deleteVendor(vendorId: number, confirmation: string) {
  await api.delete(`vendors/${vendorId}`, { body: { confirmation } });
  queryClient.removeQueries({ queryKey: vendorKeys.all(vendorId) });
  await queryClient.invalidateQueries({ queryKey: ['customers'] });
  await queryClient.invalidateQueries({ queryKey: ['workspace', 'vendors'] });
}

/** Firms a client file may move to: the same holding, where the user is an administrator. */
export function transferTargets(firms: readonly AccountingFirmSummary[], fromFirmId: number) {
  const from = firms.find((f) => f.id === fromFirmId);
  if (!from || from.holding_id === null) return [];
  return firms.filter(
    (f) => f.id !== fromFirmId && f.holding_id === from.holding_id && f.is_accountant_admin,
  );
}
