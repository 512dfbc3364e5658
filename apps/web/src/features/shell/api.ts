import type { AccountingFirmSummary, Module, VendorRoles, VendorSummary } from '@portal/contracts';
import { api, isApiError } from '../../api';

/**
 * Query keys of the shell's workspace (the user's firms and client files, the selected company's
 * roles, the firm's modules): everything under ['workspace']. An id is undefined while its query
 * waits for the selection.
 */
export const workspaceKeys = {
  all: ['workspace'] as const,
  allFirms: ['workspace', 'firms'] as const,
  firms: (host: string) => ['workspace', 'firms', host] as const,
  allVendors: ['workspace', 'vendors'] as const,
  vendors: (firmId: number | undefined) => ['workspace', 'vendors', firmId] as const,
  roles: (vendorId: number | undefined) => ['workspace', 'roles', vendorId] as const,
  firmModules: (firmId: number | undefined) => ['workspace', 'firm-modules', firmId] as const,
};

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
