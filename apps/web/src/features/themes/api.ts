import type { CreateThemeRequest, Theme, UpdateThemeRequest } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { taskKeys } from '../tasks/api';

/** Query keys of a firm's themes. */
export const themeKeys = {
  all: (firmId: number) => ['themes', firmId] as const,
};

const path = (firmId: number) => `accounting-firms/${firmId}/themes`;

/** The firm's themes by title (firm members only). */
export const useThemes = (firmId: number, enabled = true) =>
  useQuery({
    queryKey: themeKeys.all(firmId),
    queryFn: () => api.get<Theme[]>(path(firmId)),
    staleTime: 60_000,
    enabled,
  });

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
      mutationFn: (body: CreateThemeRequest) => api.post<Theme>(path(firmId), body, { showError: false }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateThemeRequest }) =>
        api.patch<Theme>(`${path(firmId)}/${id}`, body, { showError: false }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<unknown>(`${path(firmId)}/${id}`),
      onSuccess: refresh,
    }),
  };
}
