import type {
  AcceptTermsRequest,
  ChangePasswordRequest,
  MyTerms,
  RetrieveLogin,
  SessionSummary,
} from '@portal/contracts';
import type { RecoveryCodes, TotpEnrolment, TotpStatus } from '@portal/contracts/auth/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';

/** Query keys of the profile: everything under ['profile']. */
export const profileKeys = {
  all: ['profile'] as const,
  /** Prefix of every cached "my terms" answer: publishing a new version invalidates them. */
  allTerms: ['profile', 'terms'] as const,
  terms: (accountingFirmId: number | undefined, language: string) =>
    ['profile', 'terms', accountingFirmId, language] as const,
  sessions: ['profile', 'sessions'] as const,
  session: ['profile', 'session'] as const,
};

/**
 * This session as the server sees it: `bound_accounting_firm_id` is set when it was opened through
 * a portal's SSO or sign-in link (it then reaches neither other portals nor the account's security).
 */
export const useThisSession = () =>
  useQuery({
    queryKey: profileKeys.session,
    queryFn: () => api.get<RetrieveLogin>('retrievelogin', { showError: false }),
    staleTime: 60_000,
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
      api.get<MyTerms>('users/me/terms', {
        showError: !options.quiet,
        query: { accounting_firm_id: accountingFirmId ?? 0, locale: i18n.language },
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
      api.post<MyTerms>('users/me/terms', {
        accounting_firm_id: accountingFirmId ?? 0,
        version,
      } satisfies AcceptTermsRequest),
    onSuccess: (mine) => queryClient.setQueryData(profileKeys.terms(accountingFirmId, i18n.language), mine),
  });
}

/** Changes the password; the server ends the session with it. */
export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordRequest) => api.post('change_password', body) });

/** The person's signed-in sessions (devices), the current one marked. */
export const useMySessions = () =>
  useQuery({
    queryKey: profileKeys.sessions,
    queryFn: () => api.get<SessionSummary[]>('users/me/sessions'),
  });

/** Ends one session (the device is signed out at its next request). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`users/me/sessions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

/** Ends every session but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('users/me/sessions'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

const totpKey = ['profile', 'totp'] as const;

/** Whether the person's second factor is on, its recovery codes left, and whether it is required. */
export const useTotpStatus = () =>
  useQuery({ queryKey: totpKey, queryFn: () => api.get<TotpStatus>('users/me/totp') });

/**
 * The second factor's changes. Turning it on or off ends the other sessions: the list of
 * sessions is read again with the status.
 */
export function useTotpActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: totpKey }),
      queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
    ]);
  const quiet = { showError: false } as const;
  return {
    start: useMutation({ mutationFn: () => api.post<TotpEnrolment>('users/me/totp', undefined, quiet) }),
    confirm: useMutation({
      mutationFn: (code: string) => api.post<RecoveryCodes>('users/me/totp/confirm', { code }, quiet),
      onSuccess: refresh,
    }),
    regenerate: useMutation({
      mutationFn: (code: string) => api.post<RecoveryCodes>('users/me/totp/recovery-codes', { code }, quiet),
      onSuccess: refresh,
    }),
    disable: useMutation({
      mutationFn: (code: string) => api.delete<unknown>('users/me/totp', { ...quiet, body: { code } }),
      onSuccess: refresh,
    }),
  };
}
