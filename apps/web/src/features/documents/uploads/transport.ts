import { authHeaders, parseJson, toApiError } from '../content';
import { md5InWorker } from './md5-pool';
import { ChunkError, type Transport, type UploadTarget } from './upload-types';

const uploadsUrl = ({ vendorId, folderId }: UploadTarget) =>
  `/api/vendors/${vendorId}/folders/${folderId}/uploads`;

const chunkError = (status: number, body: unknown) =>
  new ChunkError(status, body, toApiError(status, body).message);

/** The browser's side of the chunk protocol: XHR (upload progress), fetch for the test GET. */
export const browserTransport: Transport = {
  md5: md5InWorker,
  async test(target, identifier, chunk, signal) {
    const query = new URLSearchParams({ flowIdentifier: identifier, flowChunkNumber: String(chunk) });
    let response: Response;
    try {
      response = await fetch(`${uploadsUrl(target)}?${query}`, { headers: authHeaders(), signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw chunkError(0, null);
    }
    const body = parseJson(await response.text()) as { data?: { chunks: number[]; id: number | null } };
    if (response.status === 204) return null;
    if (!response.ok) throw chunkError(response.status, body);
    return body?.data ?? null;
  },
  send(target, fields, chunk, onProgress, signal) {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', uploadsUrl(target));
      for (const [k, v] of Object.entries({ ...authHeaders(), Accept: 'application/json' }))
        xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => onProgress(e.loaded);
      xhr.onload = () => {
        const body = parseJson(xhr.responseText) as { data?: { id: number | null } } | null;
        if (xhr.status >= 200 && xhr.status < 300) resolve({ id: body?.data?.id ?? null });
        else reject(chunkError(xhr.status, body));
      };
      xhr.onerror = () => reject(chunkError(0, null));
      xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.append(k, v);
      data.append('file', chunk, fields.flowFilename);
      xhr.send(data);
    });
  },
};
