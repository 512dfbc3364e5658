import type { AcceptTermsRequest, MyTerms } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';

/** Prefix of every cached "my terms" answer: publishing a new version invalidates them. */
export const MY_TERMS_KEY = ['profile', 'terms'] as const;

export const myTermsKey = (accountingFirmId: number | undefined, language: string) => [
  ...MY_TERMS_KEY,
  accountingFirmId,
  language,
];

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
    queryKey: myTermsKey(accountingFirmId ?? undefined, i18n.language),
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

export const acceptMyTerms = (body: AcceptTermsRequest) => api.post<MyTerms>('users/me/terms', body);
