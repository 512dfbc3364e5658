import type { CreateThemeRequest, UpdateThemeRequest } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
    remove: useMutation({
      mutationFn: (id: number) => api.delete<unknown>(`${path(firmId)}/${id}`),
      onSuccess: refresh,
    }),
  };
}
