import type { CreateThemeRequest, SetVendorThemesRequest, UpdateThemeRequest } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { taskKeys, themeKeys } from '../../app/query-keys';

export { useThemes } from '../../app/shared-api';
export { themeKeys };

const path = (firmId: number) => `accounting-firms/${firmId}/themes`;

/** Adds, changes or removes a theme; the themes and the tasks showing them are fetched again. */
export function useSaveTheme(firmId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: themeKeys.all(firmId) }),
      queryClient.invalidateQueries({ queryKey: taskKeys.all }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: CreateThemeRequest) =>
        api.post(path(firmId), body, { showError: false, contract: 'themeSchema' }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateThemeRequest }) =>
        api.patch(`${path(firmId)}/${id}`, body, { showError: false, contract: 'themeSchema' }),
      onSuccess: refresh,
    }),
    /**
     * `force`: deletes a theme folders or people carry (their folders open up); without it the
     * server refuses one in use (422 `theme-in-use`, with the counts), shown by the dialog.
     */
    remove: useMutation({
      mutationFn: ({ id, force }: { id: number; force: boolean }) =>
        api.delete<unknown>(`${path(firmId)}/${id}`, {
          query: force ? { force: 'true' } : undefined,
          showError: false,
        }),
      onSuccess: refresh,
    }),
  };
}

/** Per theme, its folders in every client file and its people (firm administrators only). */
export const useThemeUsage = (firmId: number, enabled: boolean) =>
  useQuery({
    queryKey: themeKeys.usage(firmId),
    queryFn: () => api.get(`${path(firmId)}/usage`, { contract: 'firmThemeUsageSchema[]' }),
    enabled,
  });

/**
 * A client file's themes with their folders and people: answered to firm administrators and the
 * client file's administrator only (`vendor.users.themes`), so its success also tells whether the
 * caller may choose the themes of the client file's users.
 */
export const useVendorThemeOverview = (vendorId: number) =>
  useQuery({
    queryKey: themeKeys.vendor(vendorId),
    queryFn: () =>
      api.get(`vendors/${vendorId}/themes/overview`, {
        contract: 'vendorThemeOverviewSchema',
        showError: false,
      }),
    retry: false,
  });

/** The client file's allowed themes (firm administrators). */
export function useSetVendorThemes(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetVendorThemesRequest) =>
      api.put(`vendors/${vendorId}/themes`, body, { contract: 'vendorThemesSchema' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: themeKeys.vendor(vendorId) }),
  });
}
