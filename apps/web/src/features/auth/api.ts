import type {
  AcceptInvitationResult,
  CreatePasswordRequest,
  InvitationInfo,
  LoginRequest,
  PasswordTokenInfo,
  ResetPasswordRequest,
  SessionTokens,
  Terms,
} from '@portal/contracts';
import type {
  LoginAnswer,
  LoginMfaAnswer,
  LoginMfaRequest,
  MagicLinkRequest,
  TotpEnrolment,
} from '@portal/contracts/auth/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { workspaceKeys } from '../../app/session-keys';

/** Query keys of the signed-out screens. */
export const authKeys = {
  passwordToken: (token: string) => ['password-token', token] as const,
  invitation: (token: string) => ['invitation', token] as const,
  terms: (accountingFirmId: number | null, language: string) =>
    ['terms', accountingFirmId, language] as const,
};

/** These screens tell their own errors: the API client shows none and never redirects. */
const quiet = { showError: false, authRedirect: false } as const;

/** Exchanges a refresh token for a new session (autologin). */
export const refreshSession = (refreshToken: string) =>
  api.get<SessionTokens>('autologin', { ...quiet, query: { refresh_token: refreshToken } });

/**
 * Takes the session of a finished SSO sign-in (the browser's HttpOnly cookie proves it): the
 * tokens, or the TOTP step for a person with TOTP on.
 */
export const takeSsoSession = () => api.post<LoginAnswer>('oauth/session', undefined, quiet);

/** Checks a reset or invitation token (GET /api/password-resets?token=). */
export const usePasswordToken = (token: string) =>
  useQuery({
    queryKey: authKeys.passwordToken(token),
    queryFn: () => api.get<PasswordTokenInfo>('password-resets', { ...quiet, query: { token } }),
    retry: false,
  });

/** A firm's published terms of use in one language. */
export const useTerms = (accountingFirmId: number | null, locale: string) =>
  useQuery({
    queryKey: authKeys.terms(accountingFirmId, locale),
    queryFn: () =>
      api.get<Terms>('terms', {
        showError: false,
        query: { accounting_firm_id: accountingFirmId ?? undefined, locale },
      }),
    retry: false,
  });

/** The tokens, or the second-factor step (`mfa_required`). */
export const useLogin = () =>
  useMutation({ mutationFn: (body: LoginRequest) => api.post<LoginAnswer>('login', body, quiet) });

export const useLoginMfa = () =>
  useMutation({
    mutationFn: (body: LoginMfaRequest) => api.post<LoginMfaAnswer>('login/mfa', body, quiet),
  });

export const useLoginEnrolment = () =>
  useMutation({
    mutationFn: (mfaToken: string) =>
      api.post<TotpEnrolment>('login/mfa/enrolment', { mfa_token: mfaToken }, quiet),
  });

export const useSendResetMail = () =>
  useMutation({ mutationFn: (email: string) => api.post<unknown>('password-resets', { email }, quiet) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: ResetPasswordRequest) => api.put<unknown>('passwords', body, quiet) });

export const useCreatePassword = () =>
  useMutation({ mutationFn: (body: CreatePasswordRequest) => api.post<unknown>('passwords', body, quiet) });

/** What an invitation link offers (GET /api/invitations?token=). */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: authKeys.invitation(token),
    queryFn: () => api.get<InvitationInfo>('invitations', { ...quiet, query: { token } }),
    retry: false,
  });

/** Accepts an invitation; the firms the signed-in user sees change with it. */
export const useAcceptInvitation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<AcceptInvitationResult>(
        'invitations/accept',
        { token },
        { showError: false, authRedirect: false },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
};

export const useSendMagicLink = () =>
  useMutation({ mutationFn: (body: MagicLinkRequest) => api.post<unknown>('magic-links', body, quiet) });

export const useMagicLinkSignIn = () =>
  useMutation({
    mutationFn: (token: string) =>
      api.post<LoginAnswer>(`magic-links/${encodeURIComponent(token)}`, undefined, quiet),
  });
