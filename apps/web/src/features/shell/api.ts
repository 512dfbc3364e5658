import type { AccountingFirmSummary, Module, VendorRoles, VendorSummary } from '@portal/contracts';
import { api } from '../../api';

export const fetchMyFirms = (host: string) =>
  api.get<AccountingFirmSummary[]>('users/me/accounting-firms', { query: { active_domain: host } });

export const fetchMyVendors = (firmId: number, search?: string) =>
  api.get<VendorSummary[]>(`users/me/accounting-firms/${firmId}/vendors`, {
    query: { search: search || undefined },
  });

export const fetchVendorRoles = (vendorId: number) => api.get<VendorRoles>(`vendors/${vendorId}/roles`);

export const fetchFirmModules = (firmId: number) => api.get<Module[]>(`accounting-firms/${firmId}/modules`);
