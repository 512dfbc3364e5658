import type { ErrorBody, SigningCertificate } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiError, api, getToken, resolveErrorMessage } from '../../api';
import { translateErrorKey } from '../../app/i18n';

/** The portal's signing certificates (issue 29): the settings tab's queries. */
export const signatureCertificateKey = (firmId: number) =>
  ['settings', 'signature-certificates', firmId] as const;

export const useSignatureCertificates = (firmId: number) =>
  useQuery({
    queryKey: signatureCertificateKey(firmId),
    queryFn: () =>
      api.get(`accounting-firms/${firmId}/signature-certificates`, { contract: 'signingCertificatesSchema' }),
  });

export function useRegenerateCertificate(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(`accounting-firms/${firmId}/signature-certificates/regenerate`, undefined, {
        contract: 'signingCertificateSchema',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signatureCertificateKey(firmId) }),
  });
}

/**
 * The PKCS#12 import: a multipart upload the JSON client does not send, so it reads the token
 * itself and builds the same ApiError (the page shows its message in the snackbar).
 */
async function importPkcs12(firmId: number, file: File, password: string): Promise<SigningCertificate> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18next.language || 'fr',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const form = new FormData();
  // The password first: the server reads it before the file.
  form.append('password', password);
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/accounting-firms/${firmId}/signature-certificates/import`, {
      method: 'POST',
      headers,
      body: form,
    });
  } catch {
    throw new ApiError(0, null, resolveErrorMessage(0, null, translateErrorKey));
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const b = typeof body === 'object' && body !== null ? (body as ErrorBody) : null;
    throw new ApiError(response.status, b, resolveErrorMessage(response.status, b, translateErrorKey));
  }
  return (body as { data: SigningCertificate }).data;
}

export function useImportCertificate(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, password }: { file: File; password: string }) =>
      importPkcs12(firmId, file, password),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signatureCertificateKey(firmId) }),
  });
}
