import type { ErrorBody, SignRequest } from '@portal/contracts';
import i18next from 'i18next';
import { ApiError, getToken, resolveErrorMessage } from '../../api';
import { translateErrorKey } from '../../app/i18n';

/**
 * The raw calls of the signature screens: PDFs (the JSON client reads JSON only) and the
 * outsider's signing link, whose Authorization is the access token its code gave, never a session.
 */
async function call(path: string, init: RequestInit & { bearer?: string | null } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': i18next.language || 'fr' };
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  if (init.body) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/api/${path}`, { ...init, headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
    throw new ApiError(response.status, body, resolveErrorMessage(response.status, body, translateErrorKey));
  }
  return response;
}

const json = async <T>(response: Promise<Response>): Promise<T> =>
  ((await (await response).json()) as { data: T }).data;

/** A document's PDF (its latest version) for the request editor, with the session's token. */
export const documentPdf = (vendorId: number, documentId: number) =>
  call(`vendors/${vendorId}/documents/${documentId}/content?disposition=inline`, { bearer: getToken() }).then(
    (r) => r.blob(),
  );

/** A request's PDF as signed so far, with the session's token. */
export const requestPdf = (vendorId: number, id: number) =>
  call(`vendors/${vendorId}/signatures/${id}/content`, { bearer: getToken() }).then((r) => r.blob());

export type SigningLink = {
  portal: { id: number; name: string };
  name: string;
  request_status: string;
  signatory: { firstname: string; lastname: string; status: string; can_sign: boolean };
};
export type SigningSession = SigningLink & {
  fields: { id: number; page: number; x: number; y: number; width: number; height: number }[];
};

export const signing = {
  link: (token: string) => json<SigningLink>(call(`signing/${token}`)),
  askCode: (token: string) => call(`signing/${token}/otp`, { method: 'POST' }),
  verify: (token: string, code: string) =>
    json<{ access_token: string; expires_in: number }>(
      call(`signing/${token}/verify`, { method: 'POST', body: JSON.stringify({ code }) }),
    ),
  session: (token: string, access: string) =>
    json<SigningSession>(call(`signing/${token}/session`, { bearer: access })),
  document: (token: string, access: string) =>
    call(`signing/${token}/document`, { bearer: access }).then((r) => r.blob()),
  sign: (token: string, access: string, body: SignRequest) =>
    call(`signing/${token}/sign`, { method: 'POST', bearer: access, body: JSON.stringify(body) }),
  refuse: (token: string, access: string, reason: string) =>
    call(`signing/${token}/refuse`, { method: 'POST', bearer: access, body: JSON.stringify({ reason }) }),
};
