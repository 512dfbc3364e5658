import type { ThemeMode, UpdateWhiteLabelRequest, WhiteLabel } from '@portal/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { queryClient } from '../../app/query-client';
import { WHITE_LABEL_KEY } from '../../app/white-label';

/** The firm's white labels (light and dark) as the branding editor shows them. */
export const brandingKey = (accountingFirmId: number) => ['settings', 'branding', accountingFirmId] as const;

export const fetchFirmWhiteLabels = (accountingFirmId: number) =>
  api.get<WhiteLabel[]>(`accounting-firms/${accountingFirmId}/white-labels`);

export const updateFirmWhiteLabel = (
  accountingFirmId: number,
  theme: ThemeMode,
  body: UpdateWhiteLabelRequest,
) => api.put<WhiteLabel>(`accounting-firms/${accountingFirmId}/white-labels/${theme}`, body);

export const useFirmWhiteLabels = (accountingFirmId: number) =>
  useQuery({
    queryKey: brandingKey(accountingFirmId),
    queryFn: () => fetchFirmWhiteLabels(accountingFirmId),
  });

/**
 * Saves one theme. The editor takes the answer; the app's white label is fetched again so that the
 * shell's colours, logo and favicon change at once.
 */
export const useSaveWhiteLabel = (accountingFirmId: number) =>
  useMutation({
    mutationFn: ({ theme, body }: { theme: ThemeMode; body: UpdateWhiteLabelRequest }) =>
      updateFirmWhiteLabel(accountingFirmId, theme, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData<WhiteLabel[]>(brandingKey(accountingFirmId), (labels) =>
        labels?.map((l) => (l.theme === saved.theme ? saved : l)),
      );
      await queryClient.invalidateQueries({ queryKey: WHITE_LABEL_KEY });
    },
  });
