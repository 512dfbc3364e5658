import type {
  ArchiveLink,
  ArchiveLinkRequest,
  DocumentDto,
  Node,
  NodesOutcome,
  Paginated,
  TransferNodesRequest,
  VersionDto,
} from '@portal/contracts';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { api } from '../../api';
import {
  AUTO_REFRESH_MS,
  documentKeys,
  NODES_PER_PAGE,
  useRefreshDocumentData,
  useRefreshDocuments,
} from './api';

/** A selection of documents and folders, as the API takes it. */
export type Selection = { document_ids: number[]; folder_ids: number[] };

export const selectionOf = (nodes: readonly Pick<Node, 'type' | 'id'>[]): Selection => ({
  document_ids: nodes.filter((n) => n.type === 'document').map((n) => n.id),
  folder_ids: nodes.filter((n) => n.type === 'folder').map((n) => n.id),
});

/** The calls below show their own errors (the dialogs that retry them read the codes). */
const quiet = { showError: false } as const;

export function useSetValidated(vendorId: number) {
  const refresh = useRefreshDocumentData(vendorId);
  return useMutation({
    mutationFn: ({ node, validated }: { node: Pick<Node, 'id' | 'version_id'>; validated: boolean }) => {
      const url = `vendors/${vendorId}/documents/${node.id}/versions/${node.version_id}/validation`;
      return validated ? api.put<VersionDto>(url) : api.delete<VersionDto>(url);
    },
    onSuccess: refresh,
  });
}

export function useRenameDocument(vendorId: number) {
  const refresh = useRefreshDocuments(vendorId);
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.patch<DocumentDto>(`vendors/${vendorId}/documents/${id}`, { name }, quiet),
    onSuccess: refresh,
  });
}

/** To the trash: a selection (protected items are skipped and listed), `force` for firm members. */
export function useDeleteNodes(vendorId: number) {
  const refresh = useRefreshDocuments(vendorId);
  return useMutation({
    mutationFn: (body: Selection & { force?: boolean }) =>
      api.post<NodesOutcome>(`vendors/${vendorId}/nodes/delete`, body, quiet),
    onSettled: refresh,
  });
}

export type TransferMode = 'move' | 'copy';
export type TransferBody = Selection &
  Partial<Omit<TransferNodesRequest, keyof Selection>> & { folder_id: number };

export function useTransferNodes(vendorId: number) {
  const refresh = useRefreshDocuments(vendorId);
  return useMutation({
    mutationFn: ({ mode, body }: { mode: TransferMode; body: TransferBody }) =>
      api.post<NodesOutcome>(`vendors/${vendorId}/nodes/${mode}`, body, quiet),
    onSettled: refresh,
  });
}

export const trashKey = (vendorId: number) => [...documentKeys.all(vendorId), 'trash'] as const;

/** The client file's trash, newest deletion first, page by page, refreshed every minute. */
export const useTrash = (vendorId: number) =>
  useInfiniteQuery({
    queryKey: trashKey(vendorId),
    queryFn: ({ pageParam }) =>
      api.get<Paginated<Node>>(`vendors/${vendorId}/trash`, {
        query: { page: pageParam, per_page: NODES_PER_PAGE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    refetchInterval: AUTO_REFRESH_MS,
  });

export function useRestoreNodes(vendorId: number) {
  const refresh = useRefreshDocuments(vendorId);
  return useMutation({
    mutationFn: (body: Selection & { conflict?: 'refuse' | 'rename' }) =>
      api.post<NodesOutcome>(`vendors/${vendorId}/trash/restore`, body, quiet),
    onSettled: refresh,
  });
}

export function useEmptyTrash(vendorId: number) {
  const refresh = useRefreshDocuments(vendorId);
  return useMutation({
    mutationFn: () => api.delete<void>(`vendors/${vendorId}/trash`),
    onSuccess: refresh,
  });
}

/**
 * Downloads the ZIP of a folder or a selection: the server answers a one-use link that a plain
 * anchor follows, so the archive streams to disk and never sits in the page's memory.
 */
export async function downloadArchive(vendorId: number, request: ArchiveLinkRequest): Promise<void> {
  const link = await api.post<ArchiveLink>(`vendors/${vendorId}/nodes/archive/links`, request);
  const a = document.createElement('a');
  a.href = link.url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** A new latest version with the content of an older one (the history is kept). */
export function useRestoreVersion(vendorId: number) {
  const refresh = useRefreshDocuments(vendorId);
  return useMutation({
    mutationFn: ({ documentId, versionId }: { documentId: number; versionId: number }) =>
      api.post<VersionDto>(`vendors/${vendorId}/documents/${documentId}/versions/${versionId}/restore`),
    onSuccess: refresh,
  });
}
