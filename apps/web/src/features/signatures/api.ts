import type {
  CreateSignatureRequest,
  SignRequest,
  UpdateSignatureRequest,
  UpdateSignatureSettings,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { documentKeys } from '../../app/query-keys';
import { vendorUsersQuery } from '../../app/shared-api';

export { useFirmMembers } from '../../app/shared-api';

/** Keys of the signature requests, under the client file. */
export const signatureKeys = {
  all: (vendorId: number) => ['signatures', vendorId] as const,
  list: (vendorId: number, page: number, statuses: string[]) =>
    ['signatures', vendorId, 'list', page, statuses] as const,
  audit: (vendorId: number, id: number) => ['signatures', vendorId, 'audit', id] as const,
  mine: (firmId: number) => ['signatures', 'mine', firmId] as const,
  settings: (firmId: number) => ['signatures', 'settings', firmId] as const,
};

const base = (vendorId: number) => `vendors/${vendorId}/signatures`;

export function useSignatureRequests(vendorId: number, page: number, statuses: string[]) {
  return useQuery({
    queryKey: signatureKeys.list(vendorId, page, statuses),
    queryFn: () =>
      api.get(base(vendorId), {
        query: { page, 'status[]': statuses },
        contract: 'page of signatureRequestSchema',
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useSignatureAudit(vendorId: number, id: number | null) {
  return useQuery({
    queryKey: signatureKeys.audit(vendorId, id ?? 0),
    queryFn: () => api.get(`${base(vendorId)}/${id}/audit`, { contract: 'signatureAuditSchema' }),
    enabled: id !== null,
  });
}

/** What waits for the signed-in person in the firm. */
export function useMySignatures(firmId: number | null) {
  return useQuery({
    queryKey: signatureKeys.mine(firmId ?? 0),
    queryFn: () =>
      api.get('users/me/signatures', {
        query: { accounting_firm_id: firmId! },
        contract: 'mySignatureSchema[]',
      }),
    enabled: firmId !== null,
  });
}

/** The client file's users, quietly (the editor offers them as signatories). */
export const useVendorUsers = (vendorId: number) => useQuery(vendorUsersQuery(vendorId, true));

function useRefresh(vendorId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: signatureKeys.all(vendorId) });
    void queryClient.invalidateQueries({ queryKey: ['signatures', 'mine'] });
    void queryClient.invalidateQueries({ queryKey: documentKeys.all(vendorId) });
  };
}

export function useCreateSignature(vendorId: number) {
  const refresh = useRefresh(vendorId);
  return useMutation({
    mutationFn: (body: CreateSignatureRequest) =>
      api.post(base(vendorId), body, { contract: 'signatureRequestSchema', showError: false }),
    onSuccess: refresh,
  });
}

export function useSignatureAction(vendorId: number) {
  const refresh = useRefresh(vendorId);
  return useMutation({
    mutationFn: ({
      id,
      action,
      reason,
    }: {
      id: number;
      action: 'send' | 'cancel' | 'delete' | 'remind' | 'retry';
      reason?: string;
    }) =>
      // Callers show the error themselves (the list's snackbar, the editor's fields).
      action === 'delete'
        ? api.delete(`${base(vendorId)}/${id}`, { showError: false })
        : api.post(`${base(vendorId)}/${id}/${action}`, action === 'cancel' ? { reason } : undefined, {
            showError: false,
          }),
    onSuccess: refresh,
  });
}

export function useSignAsMe(vendorId: number) {
  const refresh = useRefresh(vendorId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SignRequest }) =>
      api.post(`${base(vendorId)}/${id}/sign`, body),
    onSuccess: refresh,
  });
}

export function useRefuseAsMe(vendorId: number) {
  const refresh = useRefresh(vendorId);
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post(`${base(vendorId)}/${id}/refuse`, { reason }),
    onSuccess: refresh,
  });
}

/** Saves a draft: changes to the one given, or a new one. */
export function useSaveDraft(vendorId: number) {
  const refresh = useRefresh(vendorId);
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number | null;
      body: CreateSignatureRequest | UpdateSignatureRequest;
    }) =>
      id
        ? api.patch(`${base(vendorId)}/${id}`, body, { contract: 'signatureRequestSchema', showError: false })
        : api.post(base(vendorId), body as CreateSignatureRequest, {
            contract: 'signatureRequestSchema',
            showError: false,
          }),
    onSuccess: refresh,
  });
}

/** Mails the signed-in signatory the code their portal asks of members. */
export function useAskMyCode(vendorId: number) {
  return useMutation({ mutationFn: (id: number) => api.post(`${base(vendorId)}/${id}/otp`) });
}

/** The portal's signature defaults (expiry, reminders, code for members) and balance. */
export function useSignatureSettings(firmId: number | null) {
  return useQuery({
    queryKey: signatureKeys.settings(firmId ?? 0),
    retry: false,
    queryFn: () =>
      // Members only: a client user's editor leaves the defaults to the server.
      api.get(`accounting-firms/${firmId}/signature-settings`, {
        contract: 'signatureSettingsSchema',
        showError: false,
      }),
    enabled: firmId !== null,
  });
}

export function useUpdateSignatureSettings(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSignatureSettings) =>
      api.patch(`accounting-firms/${firmId}/signature-settings`, body, {
        contract: 'signatureSettingsSchema',
      }),
    onSuccess: (data) => queryClient.setQueryData(signatureKeys.settings(firmId), data),
  });
}

/** One request of the client file (the signing dialog opens it from a link, whatever the page). */
export function useSignatureRequest(vendorId: number, id: number | null) {
  return useQuery({
    queryKey: [...signatureKeys.all(vendorId), 'one', id ?? 0],
    queryFn: () => api.get(`${base(vendorId)}/${id}`, { contract: 'signatureRequestSchema' }),
    enabled: id !== null,
  });
}
