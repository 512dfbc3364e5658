import type { CreateQuickfolder, QuickfolderDrop, UpdateQuickfolder } from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { authHeaders, parseJson, toApiError } from '../documents/content';

/** Query keys of the quick-drop folders: everything under ['quickfolders']. */
export const quickfolderKeys = {
  all: ['quickfolders'] as const,
  firm: (firmId: number) => ['quickfolders', 'firm', firmId] as const,
  targets: (vendorId: number) => ['quickfolders', 'targets', vendorId] as const,
  vendors: (firmId: number) => ['quickfolders', 'vendors', firmId] as const,
  root: (vendorId: number) => ['quickfolders', 'root', vendorId] as const,
  periods: (vendorId: number) => ['quickfolders', 'periods', vendorId] as const,
};

/** Every quick-drop of the firm (administrators; others get no data). */
export const useFirmQuickfolders = (firmId: number) =>
  useQuery({
    queryKey: quickfolderKeys.firm(firmId),
    queryFn: () =>
      api.get(`accounting-firms/${firmId}/quickfolders`, {
        contract: 'quickfolderSchema[]',
        showError: false,
      }),
    retry: false,
  });

/** The quick-drops the person may drop into in a client file. */
export const useDropTargets = (vendorId: number | null) =>
  useQuery({
    queryKey: quickfolderKeys.targets(vendorId ?? 0),
    queryFn: () => api.get(`vendors/${vendorId}/quickfolders`, { contract: 'quickfolderSchema[]' }),
    enabled: vendorId !== null,
  });

/** The firm's client files to choose from (first 100 by name). */
export const useFirmVendors = (firmId: number, enabled: boolean) =>
  useQuery({
    queryKey: quickfolderKeys.vendors(firmId),
    queryFn: () =>
      api.get(`accounting-firms/${firmId}/vendors`, {
        contract: 'page of vendorListItemSchema',
        query: { per_page: 100, sort: 'company' },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** A client file's root folder (where the folder picker opens). */
export const useRootFolder = (vendorId: number | null) =>
  useQuery({
    queryKey: quickfolderKeys.root(vendorId ?? 0),
    queryFn: async () =>
      (await api.get(`vendors/${vendorId}/folders`, { contract: 'folderSchema[]' }))[0] ?? null,
    enabled: vendorId !== null,
  });

/** A client file's accounting periods (the "fixed period" automation). */
export const useVendorPeriods = (vendorId: number | null) =>
  useQuery({
    queryKey: quickfolderKeys.periods(vendorId ?? 0),
    queryFn: () =>
      api.get(`vendors/${vendorId}/accounting-periods`, { contract: 'accountingPeriodSchema[]' }),
    enabled: vendorId !== null,
  });

export function useSaveQuickfolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { vendorId: number; id?: undefined; body: CreateQuickfolder }
        | { vendorId: number; id: number; body: UpdateQuickfolder },
    ) =>
      input.id === undefined
        ? api.post(`vendors/${input.vendorId}/quickfolders`, input.body, {
            contract: 'quickfolderSchema',
            showError: false,
          })
        : api.patch(`vendors/${input.vendorId}/quickfolders/${input.id}`, input.body, {
            contract: 'quickfolderSchema',
            showError: false,
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: quickfolderKeys.all }),
  });
}

export function useDeleteQuickfolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, id }: { vendorId: number; id: number }) =>
      api.delete(`vendors/${vendorId}/quickfolders/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: quickfolderKeys.all }),
  });
}

/**
 * Drops one file on a quick-drop (multipart, XHR for the upload's progress): the filed document,
 * or an ApiError (its message translated like the JSON client's).
 */
export function dropFile(
  vendorId: number,
  quickfolderId: number,
  file: File,
  onProgress: (loaded: number, total: number) => void,
): Promise<QuickfolderDrop> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/vendors/${vendorId}/quickfolders/${quickfolderId}/drop`);
    for (const [k, v] of Object.entries({ ...authHeaders(), Accept: 'application/json' }))
      xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.total || file.size);
    xhr.onload = () => {
      const body = parseJson(xhr.responseText) as { data?: QuickfolderDrop } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) resolve(body.data);
      else reject(toApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(toApiError(0, null));
    const data = new FormData();
    data.append('file', file, file.name);
    xhr.send(data);
  });
}
