import type { AccountingFirmSummary, Module, VendorRoles, VendorSummary } from '@portal/contracts';
import { api, isApiError } from '../../api';

export const fetchMyFirms = (host: string) =>
  api.get<AccountingFirmSummary[]>('users/me/accounting-firms', { query: { active_domain: host } });

/**
 * The user's client files in a firm. A firm listed without membership (a super admin sees every
 * firm) answers 404: no client files, not an error to show.
 */
export async function fetchMyVendors(firmId: number, search?: string): Promise<VendorSummary[]> {
  try {
    return await api.get<VendorSummary[]>(`users/me/accounting-firms/${firmId}/vendors`, {
      query: { search: search || undefined },
      showError: false,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export const fetchVendorRoles = (vendorId: number) => api.get<VendorRoles>(`vendors/${vendorId}/roles`);

export const fetchFirmModules = (firmId: number) => api.get<Module[]>(`accounting-firms/${firmId}/modules`);
