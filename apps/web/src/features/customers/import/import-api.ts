import type { ErrorBody, ImportReport } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiError, getToken, resolveErrorMessage } from '../../../api';
import { translateErrorKey } from '../../../app/i18n';
import { customerKeys, workspaceKeys } from '../../../app/query-keys';

/**
 * The import's raw calls (a file out, a multipart upload with progress): the shared JSON client
 * does neither, so these read the token themselves and build the same ApiError.
 */
const base = '/api/';

function headers(): Record<string, string> {
  const h: Record<string, string> = { 'Accept-Language': i18next.language || 'fr' };
  const token = getToken();
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

function toError(status: number, body: unknown): ApiError {
  const b = typeof body === 'object' && body !== null ? (body as Partial<ErrorBody>) : null;
  return new ApiError(status, b, resolveErrorMessage(status, b, translateErrorKey));
}

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
};

/** Downloads the .xlsx template: fetched with the bearer token, saved through a blob URL. */
export async function downloadTemplate(firmId: number, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${base}accounting-firms/${firmId}/vendors/import/template`, {
      headers: headers(),
    });
  } catch {
    throw toError(0, null);
  }
  if (!response.ok) throw toError(response.status, parse(await response.text()));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Sends the file (field `file`); `onProgress` gets 0..100 while it uploads. */
function uploadImport(
  firmId: number,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${base}accounting-firms/${firmId}/vendors/import`);
    for (const [k, v] of Object.entries({ ...headers(), Accept: 'application/json' }))
      xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText) as { data?: ImportReport } | null;
      if (xhr.status >= 200 && xhr.status < 300) resolve((body?.data ?? body) as ImportReport);
      else reject(toError(xhr.status, body));
    };
    xhr.onerror = () => reject(toError(0, null));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const data = new FormData();
    data.append('file', file);
    xhr.send(data);
  });
}

export type ImportUpload = { file: File; onProgress: (percent: number) => void; signal?: AbortSignal };

/** Imports client files from an Excel file; the lists are refetched meanwhile the report shows. */
export function useImportVendors(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress, signal }: ImportUpload) =>
      uploadImport(firmId, file, onProgress, signal),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.vendors(firmId) });
    },
  });
}
