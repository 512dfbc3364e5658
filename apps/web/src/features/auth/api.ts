import type {
  CreatePasswordRequest,
  LoginRequest,
  PasswordTokenInfo,
  ResetPasswordRequest,
  SessionTokens,
  Terms,
} from '@portal/contracts';
import { api } from '../../api';

const quiet = { showError: false, authRedirect: false } as const;

export const login = (body: LoginRequest) => api.post<SessionTokens>('login', body, quiet);

export const refreshSession = (refreshToken: string) =>
  api.get<SessionTokens>('autologin', { ...quiet, query: { refresh_token: refreshToken } });

export const sendResetMail = (email: string) => api.post<unknown>('password-resets', { email }, quiet);

export const checkPasswordToken = (token: string) =>
  api.get<PasswordTokenInfo>('password-resets', { ...quiet, query: { token } });

export const submitReset = (body: ResetPasswordRequest) => api.put<unknown>('passwords', body, quiet);

export const createPassword = (body: CreatePasswordRequest) => api.post<unknown>('passwords', body, quiet);

export const fetchTerms = (accountingFirmId: number | null, locale: string) =>
  api.get<Terms>('terms', {
    showError: false,
    query: { accounting_firm_id: accountingFirmId ?? undefined, locale },
  });
