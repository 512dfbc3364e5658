import type {
  ChangePasswordRequest,
  DavPreferencesRequest,
  FileSharePasswordRequest,
  NotificationPreferencesRequest,
  RetrieveLogin,
} from '@portal/contracts';
import type { RecoveryCodes, TotpEnrolment, TotpStatus } from '@portal/contracts/auth/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { profileKeys } from '../../app/query-keys';

export { useAcceptMyTerms, useMyTerms } from '../../app/shared-api';
export { profileKeys };

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

/** Changes the password; the server ends the session with it. */
export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangePasswordRequest) => api.post('change_password', body) });

/** The person's signed-in sessions (devices), the current one marked. */
export const useMySessions = () =>
  useQuery({
    queryKey: profileKeys.sessions,
    queryFn: () => api.get('users/me/sessions', { contract: 'sessionSummarySchema[]' }),
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

const totpKey = profileKeys.totp;

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

/** The person's file-share passwords (the network drive's app passwords), with their last use. */
export const useFileSharePasswords = () =>
  useQuery({
    queryKey: profileKeys.fileSharePasswords,
    queryFn: () => api.get('users/me/file-share-passwords', { contract: 'fileSharePasswordSchema[]' }),
  });

/** Sets the password of a label (new, or replacing the one of that label); revokes one. */
export function useFileSharePasswordActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.fileSharePasswords });
  return {
    set: useMutation({
      mutationFn: (body: FileSharePasswordRequest) =>
        api.put('users/me/file-share-password', body, { contract: 'fileSharePasswordSchema' }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: number) => api.delete(`users/me/file-share-passwords/${id}`),
      onSuccess: refresh,
    }),
  };
}

/** The network drive's preferences: visible workspaces and the client folders' display format. */
export const useDavPreferences = () =>
  useQuery({
    queryKey: profileKeys.davPreferences,
    queryFn: () => api.get('users/me/dav-preferences', { contract: 'davPreferencesSchema' }),
  });

export function useSaveDavPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DavPreferencesRequest) =>
      api.put('users/me/dav-preferences', body, { contract: 'davPreferencesSchema' }),
    onSuccess: (data) => queryClient.setQueryData(profileKeys.davPreferences, data),
  });
}

/** The person's notification preferences (each kind's in-app and mail choice, scope, digest hour). */
export const useNotificationPreferences = () =>
  useQuery({
    queryKey: profileKeys.notificationPreferences,
    queryFn: () =>
      api.get('users/me/notification-preferences', { contract: 'notificationPreferencesSchema' }),
  });

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesRequest) =>
      api.put('users/me/notification-preferences', body, { contract: 'notificationPreferencesSchema' }),
    onSuccess: (data) => queryClient.setQueryData(profileKeys.notificationPreferences, data),
  });
}
