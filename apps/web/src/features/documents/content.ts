import type { ErrorBody } from '@portal/contracts';
import i18next from 'i18next';
import { ApiError, getToken, resolveErrorMessage } from '../../api';
import { translateErrorKey } from '../../app/i18n';

/**
 * A document's content (`GET .../documents/{id}/content`): fetched with the bearer token (the
 * shared JSON client reads JSON only), then saved or shown through a blob URL.
 */
export type ContentRequest = {
  vendorId: number;
  documentId: number;
  versionId?: number | null;
  inline?: boolean;
  signal?: AbortSignal;
};

export function contentUrl({ vendorId, documentId, versionId, inline }: ContentRequest): string {
  const query = new URLSearchParams();
  if (versionId) query.set('version_id', String(versionId));
  if (inline) query.set('disposition', 'inline');
  const qs = query.toString();
  return `/api/vendors/${vendorId}/documents/${documentId}/content${qs ? `?${qs}` : ''}`;
}

/** Headers of the raw calls of this feature (content, chunks): token and language. */
export function authHeaders(): Record<string, string> {
  const h: Record<string, string> = { 'Accept-Language': i18next.language || 'fr' };
  const token = getToken();
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/** The ApiError of a failed raw call, its message translated like the JSON client's. */
export function toApiError(status: number, body: unknown): ApiError {
  const b = typeof body === 'object' && body !== null ? (body as Partial<ErrorBody>) : null;
  return new ApiError(status, b, resolveErrorMessage(status, b, translateErrorKey));
}

export const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
};

export async function fetchContent(request: ContentRequest): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(contentUrl(request), { headers: authHeaders(), signal: request.signal });
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') throw error;
    throw toApiError(0, null);
  }
  if (!response.ok) throw toApiError(response.status, parseJson(await response.text()));
  return response.blob();
}

/** Saves a blob under `fileName` through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a document (its latest version, or `versionId`) under `fileName`. */
export async function downloadDocument(request: ContentRequest, fileName: string): Promise<void> {
  saveBlob(await fetchContent(request), fileName);
}
