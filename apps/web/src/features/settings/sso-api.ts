import type {
  CreateIdentityProviderRequest,
  IdentityProvider,
  UpdateIdentityProviderRequest,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { WHITE_LABEL_KEY } from '../../app/white-label';
import { settingsKeys } from './api';

const path = (firmId: number) => `accounting-firms/${firmId}/identity-providers`;

export const useIdentityProviders = (firmId: number) =>
  useQuery({
    queryKey: settingsKeys.identityProviders(firmId),
    queryFn: () => api.get<IdentityProvider[]>(path(firmId)),
  });

/** Adds, changes or removes a provider; the list and the sign-in buttons are fetched again. */
export function useSaveIdentityProvider(firmId: number) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: settingsKeys.identityProviders(firmId) });
    await queryClient.invalidateQueries({ queryKey: WHITE_LABEL_KEY });
  };
  return {
    create: useMutation({
      mutationFn: (body: CreateIdentityProviderRequest) =>
        api.post<IdentityProvider>(path(firmId), body, { showError: false }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateIdentityProviderRequest }) =>
        api.patch<IdentityProvider>(`${path(firmId)}/${id}`, body, { showError: false }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<unknown>(`${path(firmId)}/${id}`),
      onSuccess: refresh,
    }),
  };
}
