import type { AcceptTermsRequest, AccountingFirmSummary, Vendor } from '@portal/contracts';
import { focusManager, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import {
  customerKeys,
  documentKeys,
  profileKeys,
  themeKeys,
  unreadKeys,
  vendorKeys,
  workspaceKeys,
} from './query-keys';
import { holdInterval } from './shared-interval';

/**
 * What several features show of one another's data, owned by none of them: the shell and the
 * customers list show unread documents, the shell and the profile the terms, the tasks the themes
 * and the team. A feature's `api.ts` imports no other feature; it comes here.
 */

/** The user's firms (the frame's request; the profile's workspace choices read it too). */
export const fetchMyFirms = (host: string): Promise<AccountingFirmSummary[]> =>
  api.get('users/me/accounting-firms', {
    query: { active_domain: host },
    contract: 'accountingFirmSummarySchema[]',
  });

/** The user's firms, in the frame's cache entry. */
export const useMyFirms = (host: string) =>
  useQuery({ queryKey: workspaceKeys.firms(host), queryFn: () => fetchMyFirms(host) });

/**
 * The caller's rights in a client file and the modules it has. One cache entry, kept with the
 * workspace (forgotten at sign-out): the shell, the client file, the documents and the settings read it.
 */
export const useVendorRoles = (vendorId: number | null) =>
  useQuery({ ...vendorRolesQuery(vendorId ?? 0), enabled: vendorId !== null });

/** The query of a client file's roles (the guards ask for it before the frame: `workspace-prefetch.ts`). */
export const vendorRolesQuery = (vendorId: number) => ({
  queryKey: workspaceKeys.roles(vendorId),
  queryFn: () => api.get(`vendors/${vendorId}/roles`, { contract: 'vendorRolesSchema' }),
});

/** Deactivates (`false`) or restores (`true`) a client file (its page and the customers list). */
export function useSetVendorActive(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) =>
      api.post(`vendors/${id}/${active ? 'restore' : 'deactivate'}`, undefined, { contract: 'vendorSchema' }),
    onSuccess: async (vendor: Vendor) => {
      queryClient.setQueryData(vendorKeys.detail(id), vendor);
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

/** The firm's team (names of members); only firm members may read it. */
export const useFirmMembers = (firmId: number, enabled = true) =>
  useQuery({
    queryKey: customerKeys.members(firmId),
    queryFn: () => api.get(`accounting-firms/${firmId}/members`, { contract: 'memberSchema[]' }),
    staleTime: 60_000,
    enabled,
  });

/** The users of a client file (its users tab, the task form's people). */
export const vendorUsersQuery = (vendorId: number, quiet = false) => ({
  queryKey: vendorKeys.users(vendorId),
  queryFn: () => api.get(`vendors/${vendorId}/users`, { showError: !quiet, contract: 'vendorUserSchema[]' }),
});

/** The firm's themes by title (firm members only). */
export const useThemes = (firmId: number, enabled = true) =>
  useQuery({
    queryKey: themeKeys.all(firmId),
    queryFn: () => api.get(`accounting-firms/${firmId}/themes`, { contract: 'themeSchema[]' }),
    staleTime: 60_000,
    enabled,
  });

/**
 * The user's standing with a firm's terms, one cache entry per firm and language shared by the
 * profile page and the shell's notice. `quiet`: failures are not shown in the snackbar.
 */
export function useMyTerms(
  accountingFirmId: number | null,
  options: { enabled?: boolean; quiet?: boolean } = {},
) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: profileKeys.terms(accountingFirmId ?? undefined, i18n.language),
    queryFn: () =>
      api.get('users/me/terms', {
        showError: !options.quiet,
        query: { accounting_firm_id: accountingFirmId ?? 0, locale: i18n.language },
        contract: 'myTermsSchema',
      }),
    enabled: accountingFirmId !== null && options.enabled !== false,
    staleTime: 5 * 60_000,
    retry: options.quiet ? false : undefined,
  });
}

/** Accepts a version of the firm's terms; the answer becomes the cached standing. */
export function useAcceptMyTerms(accountingFirmId: number | undefined) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: (version: number) =>
      api.post(
        'users/me/terms',
        { accounting_firm_id: accountingFirmId ?? 0, version } satisfies AcceptTermsRequest,
        { contract: 'myTermsSchema' },
      ),
    onSuccess: (mine) => queryClient.setQueryData(profileKeys.terms(accountingFirmId, i18n.language), mine),
  });
}

/** The badges' data counts as fresh this long: a page opening within it asks nothing. */
const UNREAD_STALE_MS = 30_000;
/** And is asked again every minute, like the document lists. */
const UNREAD_REFRESH_MS = 60_000;

const byVendor = (rows: readonly { vendor_id: number; unread: number }[]): ReadonlyMap<number, number> =>
  new Map(rows.map((r) => [r.vendor_id, r.unread]));

/**
 * The caller's unread documents by client file id (absent: none), for the badges of the client
 * list, the company selector and the Documents entry: a read of its own, the client lists being
 * per firm. One query per firm whoever shows it: fetched when a page shows it after 30 s,
 * refetched every minute by one shared timer (not one per badge), and when a document is opened,
 * added or removed (the documents invalidate `unreadKeys.all`).
 */
export function useUnreadDocuments(firmId: number | null, enabled = true) {
  const queryClient = useQueryClient();
  const on = enabled && firmId !== null;
  useEffect(() => {
    if (!on) return;
    const queryKey = unreadKeys.firm(firmId);
    return holdInterval(
      JSON.stringify(queryKey),
      () => {
        if (focusManager.isFocused())
          void queryClient.refetchQueries({ queryKey, type: 'active' }, { cancelRefetch: false });
      },
      UNREAD_REFRESH_MS,
    );
  }, [queryClient, firmId, on]);
  return useQuery({
    queryKey: unreadKeys.firm(firmId ?? 0),
    queryFn: () =>
      api.get(`users/me/accounting-firms/${firmId}/unread-documents`, {
        showError: false,
        contract: 'unreadDocumentsSchema[]',
      }),
    select: byVendor,
    enabled: on,
    staleTime: UNREAD_STALE_MS,
  });
}

/** The root folder (parentId null) or the live sub-folders of `parentId`. */
export const fetchFolderChildren = (vendorId: number, parentId: number | null) =>
  api.get(`vendors/${vendorId}/folders`, {
    query: parentId === null ? undefined : { parent_id: parentId },
    contract: 'folderSchema[]',
  });

/** The root folder (parentId null) or the live sub-folders of `parentId`: the tree loads lazily. */
export const useFolderChildren = (vendorId: number, parentId: number | null, enabled = true) =>
  useQuery({
    queryKey: documentKeys.tree(vendorId, parentId),
    queryFn: () => fetchFolderChildren(vendorId, parentId),
    refetchInterval: 60_000,
    enabled,
  });
