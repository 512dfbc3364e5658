import type {
  LegalHold,
  PlatformStorage,
  StorageSettings,
  UpdatePlatformStorage,
  UpdateStorageSettings,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';

/** Query keys of the storage rules: everything under ['storage']. */
export const storageKeys = {
  settings: (firmId: number) => ['storage', 'settings', firmId] as const,
  platform: (firmId: number) => ['storage', 'platform', firmId] as const,
  hold: (vendorId: number) => ['storage', 'legal-hold', vendorId] as const,
};

/** The firm's retention settings and usage (administrators; others get no data). */
export const useStorageSettings = (firmId: number) =>
  useQuery({
    queryKey: storageKeys.settings(firmId),
    queryFn: () =>
      api.get<StorageSettings>(`accounting-firms/${firmId}/storage-settings`, { showError: false }),
    retry: false,
  });

export function useSaveStorageSettings(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStorageSettings) =>
      api.patch<StorageSettings>(`accounting-firms/${firmId}/storage-settings`, body),
    onSuccess: (saved) => queryClient.setQueryData(storageKeys.settings(firmId), saved),
  });
}

/** A portal's quota and usage, as the super admin sets them. */
export const usePlatformStorage = (firmId: number) =>
  useQuery({
    queryKey: storageKeys.platform(firmId),
    queryFn: () => api.get<PlatformStorage>(`sa/accounting-firms/${firmId}/storage`),
  });

export function useSavePlatformStorage(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePlatformStorage) =>
      api.patch<PlatformStorage>(`sa/accounting-firms/${firmId}/storage`, body),
    onSuccess: (saved) => queryClient.setQueryData(storageKeys.platform(firmId), saved),
  });
}

/** The client file's legal hold (whoever opens its documents sees it). */
export const useLegalHold = (vendorId: number) =>
  useQuery({
    queryKey: storageKeys.hold(vendorId),
    queryFn: () => api.get<LegalHold>(`vendors/${vendorId}/legal-hold`, { showError: false }),
    retry: false,
  });

/** Sets (`true`) or lifts (`false`) the legal hold: firm administrators. */
export function useSetLegalHold(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (held: boolean) =>
      held
        ? api.put<LegalHold>(`vendors/${vendorId}/legal-hold`)
        : api.delete<LegalHold>(`vendors/${vendorId}/legal-hold`),
    onSuccess: (saved) => queryClient.setQueryData(storageKeys.hold(vendorId), saved),
  });
}
