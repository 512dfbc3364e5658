import { useQuery } from '@tanstack/react-query';
import { documentKeys } from '../../../app/query-keys';
import { fetchPreviewStatus } from '../api';
import { authHeaders, parseJson, toApiError } from '../content';

/** While the server converts, the viewer asks again this often. */
export const PREVIEW_POLL_MS = 1500;

const previewPath = (vendorId: number, documentId: number) =>
  `vendors/${vendorId}/documents/${documentId}/preview`;

/**
 * Where the PDF preview of an office document stands (`GET .../preview`, which starts the
 * conversion); asked again while `pending`.
 */
export const usePreviewStatus = (
  vendorId: number,
  documentId: number,
  versionId: number | null,
  enabled: boolean,
) =>
  useQuery({
    queryKey: documentKeys.preview(vendorId, documentId, versionId ?? 'latest'),
    queryFn: () => fetchPreviewStatus(vendorId, documentId, versionId),
    enabled,
    refetchInterval: (query) => (query.state.data === 'pending' ? PREVIEW_POLL_MS : false),
    staleTime: 60_000,
  });

/** The converted PDF as a Blob, once the status is `ready`. */
export const usePreviewPdf = (
  vendorId: number,
  documentId: number,
  versionId: number | null,
  enabled: boolean,
) =>
  useQuery({
    queryKey: documentKeys.previewPdf(vendorId, documentId, versionId ?? 'latest'),
    queryFn: async ({ signal }) => {
      let response: Response;
      try {
        const query = versionId ? `?version_id=${versionId}` : '';
        response = await fetch(`/api/${previewPath(vendorId, documentId)}/content${query}`, {
          headers: authHeaders(),
          signal,
        });
      } catch (error) {
        if ((error as { name?: string }).name === 'AbortError') throw error;
        throw toApiError(0, null);
      }
      if (!response.ok) throw toApiError(response.status, parseJson(await response.text()));
      return response.blob();
    },
    enabled,
    staleTime: 60_000,
    gcTime: 60_000,
  });
