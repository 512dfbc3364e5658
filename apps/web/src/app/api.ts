import type { Module, UpdateMeRequest, VendorSummary } from '@portal/contracts';
import { api, isApiError } from '../api';

/** The app's own calls (the session, the white label): every feature's are in its `api.ts`. */

/** The signed-in user; quiet, the guards decide what a failure means. */
export const fetchMe = () =>
  api.get('users/me', { showError: false, authRedirect: false, contract: 'userSchema' });

/**
 * The user's firms, asked for beside the user (the frame asks again, and reports, if this failed):
 * the same request and cache entry as the frame's (`workspaceKeys.firms`).
 */
export const fetchFirmsQuietly = (host: string) =>
  api.get('users/me/accounting-firms', {
    query: { active_domain: host },
    showError: false,
    authRedirect: false,
    contract: 'accountingFirmSummarySchema[]',
  });

/** Saves some of the user's own settings (profile, language, dark mode). */
export const updateMe = (body: UpdateMeRequest) => api.patch('users/me', body, { contract: 'userSchema' });

/** Revokes the session's token on the server. */
export const logout = () => api.get('logout', { showError: false, authRedirect: false });

/** A firm's white label (its own, or the host's when `accounting_firm_id` is not given). */
export const fetchWhiteLabel = (query?: { accounting_firm_id: number }) =>
  api.get('', {
    query,
    showError: false,
    authRedirect: false,
    contract: 'whiteLabelResponseSchema',
  });

/**
 * The user's client files in a firm. A firm listed without membership (a super admin sees every
 * firm) answers 404: no client files, not an error to show.
 */
export async function fetchMyVendors(firmId: number, search?: string): Promise<VendorSummary[]> {
  try {
    return await api.get(`users/me/accounting-firms/${firmId}/vendors`, {
      query: { search: search || undefined },
      showError: false,
      contract: 'vendorSummarySchema[]',
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

/** A firm's modules (firm members). */
export const fetchFirmModules = (firmId: number): Promise<Module[]> =>
  api.get(`accounting-firms/${firmId}/modules`, { contract: 'moduleSchema[]' });
