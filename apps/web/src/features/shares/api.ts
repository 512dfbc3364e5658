import type { CreateShareLink, UpdateShareLinkSettings } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';

/** A shared item: a document or a folder of a client file. */
export type ShareTarget = { vendorId: number; type: 'document' | 'folder'; id: number; name: string };

export const shareKeys = {
  all: (vendorId: number) => ['shares', vendorId] as const,
  item: (vendorId: number, type: string, id: number) => ['shares', vendorId, 'item', type, id] as const,
  accesses: (vendorId: number, linkId: number) => ['shares', vendorId, 'accesses', linkId] as const,
  bounds: (vendorId: number) => ['shares', vendorId, 'bounds'] as const,
  firmSettings: (firmId: number) => ['shares', 'firm-settings', firmId] as const,
  everything: ['shares'] as const,
  page: (token: string) => ['public-share', token] as const,
  folder: (token: string, folderId: number) => ['public-share', token, 'folder', folderId] as const,
};

const itemQuery = (target: ShareTarget) =>
  target.type === 'document'
    ? { document_id: target.id, all: 'true' }
    : { folder_id: target.id, all: 'true' };

/** An item's links, dead ones included (the dialog shows their state). */
export const useShareLinks = (target: ShareTarget) =>
  useQuery({
    queryKey: shareKeys.item(target.vendorId, target.type, target.id),
    queryFn: () =>
      api.get(`vendors/${target.vendorId}/share-links`, {
        query: itemQuery(target),
        contract: 'shareLinkSchema[]',
      }),
  });

/** The firm's bounds of a link's life (default and maximum, in hours). */
export const useShareBounds = (vendorId: number) =>
  useQuery({
    queryKey: shareKeys.bounds(vendorId),
    queryFn: () =>
      api.get(`vendors/${vendorId}/share-link-settings`, { contract: 'shareLinkSettingsSchema' }),
  });

export const useShareAccesses = (vendorId: number, linkId: number | null) =>
  useQuery({
    queryKey: shareKeys.accesses(vendorId, linkId ?? 0),
    queryFn: () =>
      api.get(`vendors/${vendorId}/share-links/${linkId}/accesses`, { contract: 'shareLinkAccessSchema[]' }),
    enabled: linkId !== null,
  });

export function useCreateShareLink(vendorId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareLink) =>
      api.post(`vendors/${vendorId}/share-links`, body, { contract: 'shareLinkSchema', showError: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: shareKeys.all(vendorId) }),
  });
}

export function useRevokeShareLink(vendorId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => api.delete(`vendors/${vendorId}/share-links/${linkId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: shareKeys.all(vendorId) }),
  });
}

// The public page: no account; the API's errors are the page's to tell (no snackbar, no sign-out).
const quiet = { showError: false, authRedirect: false } as const;

export const usePublicShare = (token: string) =>
  useQuery({
    queryKey: shareKeys.page(token),
    queryFn: () => api.get(`public/shares/${token}`, { ...quiet, contract: 'publicShareSchema' }),
    retry: false,
  });

export const usePublicFolder = (token: string, folderId: number | null) =>
  useQuery({
    queryKey: shareKeys.folder(token, folderId ?? 0),
    queryFn: () =>
      api.get(`public/shares/${token}/folders/${folderId}`, {
        ...quiet,
        contract: 'publicShareFolderSchema',
      }),
    enabled: folderId !== null,
    retry: false,
  });

/** Sends the password once: the server answers a cookie that stands for it under this link. */
export function useUnlockShare(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post(`public/shares/${token}/unlock`, { password }, quiet),
    onSuccess: () => client.invalidateQueries({ queryKey: shareKeys.page(token) }),
  });
}

/** Plain links (the browser streams them to disk; the password's cookie goes with them). */
export const publicContentUrl = (token: string, documentId: number) =>
  `/api/public/shares/${token}/documents/${documentId}/content`;
export const publicArchiveUrl = (token: string) => `/api/public/shares/${token}/archive`;

/** The firm's share-link settings (administrators; others get no data). */
export const useFirmShareSettings = (firmId: number) =>
  useQuery({
    queryKey: shareKeys.firmSettings(firmId),
    queryFn: () =>
      api.get(`accounting-firms/${firmId}/share-link-settings`, {
        showError: false,
        contract: 'shareLinkSettingsSchema',
      }),
    retry: false,
  });

export function useSaveFirmShareSettings(firmId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateShareLinkSettings) =>
      api.put(`accounting-firms/${firmId}/share-link-settings`, body, {
        showError: false,
        contract: 'shareLinkSettingsSchema',
      }),
    onSuccess: (saved) => {
      client.setQueryData(shareKeys.firmSettings(firmId), saved);
      void client.invalidateQueries({ queryKey: shareKeys.everything });
    },
  });
}
