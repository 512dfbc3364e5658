import type { PublishTermsRequest, ThemeMode, UpdateWhiteLabelRequest, WhiteLabel } from '@portal/contracts';
import type { SignInSettings, UpdateSignInSettings } from '@portal/contracts/auth/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { profileKeys, settingsKeys, WHITE_LABEL_KEY } from '../../app/query-keys';

export { settingsKeys };

export const useFirmWhiteLabels = (accountingFirmId: number) =>
  useQuery({
    queryKey: settingsKeys.branding(accountingFirmId),
    queryFn: () =>
      api.get(`accounting-firms/${accountingFirmId}/white-labels`, { contract: 'whiteLabelSchema[]' }),
  });

/**
 * Saves one theme. The editor takes the answer; the app's white label is fetched again so that the
 * shell's colours, logo and favicon change at once.
 */
export function useSaveWhiteLabel(accountingFirmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ theme, body }: { theme: ThemeMode; body: UpdateWhiteLabelRequest }) =>
      api.put(`accounting-firms/${accountingFirmId}/white-labels/${theme}`, body, {
        contract: 'whiteLabelSchema',
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData<WhiteLabel[]>(settingsKeys.branding(accountingFirmId), (labels) =>
        labels?.map((l) => (l.theme === saved.theme ? saved : l)),
      );
      await queryClient.invalidateQueries({ queryKey: WHITE_LABEL_KEY });
    },
  });
}

export const useFirmTerms = (accountingFirmId: number) =>
  useQuery({
    queryKey: settingsKeys.terms(accountingFirmId),
    queryFn: () => api.get(`accounting-firms/${accountingFirmId}/terms`, { contract: 'firmTermsSchema' }),
  });

/** Publishes the next version of the terms; every user's standing with them is fetched again. */
export function usePublishFirmTerms(accountingFirmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishTermsRequest) =>
      api.post(`accounting-firms/${accountingFirmId}/terms`, body, { contract: 'firmTermsSchema' }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.terms(accountingFirmId), saved);
      await queryClient.invalidateQueries({ queryKey: profileKeys.allTerms });
    },
  });
}

const signInSettingsKey = settingsKeys.signIn;

/** The portal's second-factor rule and sign-in links (administrators). */
export const useSignInSettings = (accountingFirmId: number) =>
  useQuery({
    queryKey: signInSettingsKey(accountingFirmId),
    queryFn: () =>
      api.get<SignInSettings>(`accounting-firms/${accountingFirmId}/sign-in-settings`, { showError: false }),
    retry: false,
  });

export function useSaveSignInSettings(accountingFirmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSignInSettings) =>
      api.patch<SignInSettings>(`accounting-firms/${accountingFirmId}/sign-in-settings`, body),
    onSuccess: (saved) => queryClient.setQueryData(signInSettingsKey(accountingFirmId), saved),
  });
}
