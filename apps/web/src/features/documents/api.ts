import type {
  ArchiveLinkRequest,
  Folder,
  Node,
  Paginated,
  PreviewStatus,
  TransferNodesRequest,
} from '@portal/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api';
import { documentKeys, unreadKeys } from '../../app/query-keys';
import { markReadInPages } from './read-marks';

/** Document lists refresh themselves every minute (spec section 9). */
export { fetchFolderChildren, useFolderChildren } from '../../app/shared-api';
export { documentKeys };

export const AUTO_REFRESH_MS = 60_000;
/** Nodes per page of a folder's listing (the server's maximum). */
export const NODES_PER_PAGE = 100;

/** The names of a folder's documents, every page read (a folder upload's names to avoid). */
export async function fetchDocumentNames(vendorId: number, folderId: number): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.get(`vendors/${vendorId}/folders/${folderId}/nodes`, {
      query: { page, per_page: NODES_PER_PAGE },
      contract: 'page of nodeSchema',
    });
    for (const node of answer.data) if (node.type === 'document') names.push(node.name);
    if (answer.current_page >= answer.last_page) return names;
  }
}

/** A folder (the header: name, read-only flag, counter), refreshed every minute like the lists. */
export const folderQuery = (vendorId: number, folderId: number) => ({
  queryKey: documentKeys.folder(vendorId, folderId),
  queryFn: () => api.get(`vendors/${vendorId}/folders/${folderId}`, { contract: 'folderSchema' as const }),
});

export const useFolder = (vendorId: number, folderId: number | null) =>
  useQuery({
    ...folderQuery(vendorId, folderId ?? 0),
    refetchInterval: AUTO_REFRESH_MS,
    enabled: folderId !== null,
  });

/** A folder's content, page by page; only the nodes at one of `statusIds` when given. */
export const nodesQuery = (vendorId: number, folderId: number, statusIds: readonly number[] = []) =>
  infiniteQueryOptions({
    queryKey: statusIds.length
      ? [...documentKeys.nodes(vendorId, folderId), 'status', ...statusIds]
      : documentKeys.nodes(vendorId, folderId),
    queryFn: ({ pageParam }) =>
      api.get(`vendors/${vendorId}/folders/${folderId}/nodes`, {
        query: { page: pageParam, per_page: NODES_PER_PAGE, status_ids: [...statusIds] },
        contract: 'page of nodeSchema',
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });

/** A folder's folders and documents, page by page, refreshed every minute. */
export const useNodes = (vendorId: number, folderId: number | null, statusIds: readonly number[] = []) =>
  useInfiniteQuery({
    ...nodesQuery(vendorId, folderId ?? 0, statusIds),
    refetchInterval: AUTO_REFRESH_MS,
    enabled: folderId !== null,
  });

export const documentQuery = (vendorId: number, documentId: number) => ({
  queryKey: documentKeys.document(vendorId, documentId),
  queryFn: () =>
    api.get(`vendors/${vendorId}/documents/${documentId}`, { contract: 'documentSchema' as const }),
});

export const useDocument = (vendorId: number, documentId: number | null) =>
  useQuery({ ...documentQuery(vendorId, documentId ?? 0), enabled: documentId !== null });

export const useVersions = (vendorId: number, documentId: number | null) =>
  useQuery({
    queryKey: documentKeys.versions(vendorId, documentId ?? 0),
    queryFn: () =>
      api.get(`vendors/${vendorId}/documents/${documentId}/versions`, { contract: 'versionSchema[]' }),
    enabled: documentId !== null,
  });

/**
 * Refetches a client file's tree and listings (after an upload, a new folder, a rename), and the
 * unread badges.
 */
export function useRefreshDocuments(vendorId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys.all(vendorId) }),
      queryClient.invalidateQueries({ queryKey: unreadKeys.all }),
    ]);
}

/** Query kinds holding a file's bytes (`['documents', vendorId, kind, ...]`). */
const CONTENT_KINDS: readonly unknown[] = ['content', 'preview', 'preview-pdf'];

/**
 * Refetches the tree, listings, documents and versions but no file's content: after a change
 * that alters no file (a validation, a read-only flag), the viewer keeps what it shows.
 */
export function useRefreshDocumentData(vendorId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: documentKeys.all(vendorId),
        predicate: (query) => !CONTENT_KINDS.includes(query.queryKey[2]),
      }),
      queryClient.invalidateQueries({ queryKey: unreadKeys.all }),
    ]);
}

/**
 * A document was opened (its content read): the cached listings mark it read in place (a folder
 * of 5,000 documents is 50 pages: not refetched for one flag), and are only marked stale, so that
 * their folder counters refetch when a listing or the tree is shown again; the unread badges
 * refetch now. The document and its content are left as they are.
 */
export function useRefreshReadMarks(vendorId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (documentId: number) => {
      const nodes = [...documentKeys.all(vendorId), 'nodes'];
      queryClient.setQueriesData<InfiniteData<Paginated<Node>>>({ queryKey: nodes }, (data) =>
        markReadInPages(data, documentId),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: nodes, refetchType: 'none' }),
        queryClient.invalidateQueries({
          queryKey: [...documentKeys.all(vendorId), 'tree'],
          refetchType: 'none',
        }),
        queryClient.invalidateQueries({ queryKey: unreadKeys.all }),
      ]);
    },
    [queryClient, vendorId],
  );
}

export function useCreateFolder(vendorId: number) {
  const refresh = useRefreshDocuments(vendorId);
  return useMutation({
    mutationFn: (body: { name: string; parent_id: number }) =>
      api.post<Folder>(`vendors/${vendorId}/folders`, body, { showError: false }),
    onSuccess: refresh,
  });
}

export function useRenameFolder(vendorId: number) {
  const refresh = useRefreshDocuments(vendorId);
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.patch<Folder>(`vendors/${vendorId}/folders/${id}`, { name }, { showError: false }),
    onSuccess: refresh,
  });
}

/** Sets or lifts a folder's read-only flag (firm members; the API client reports a refusal). */
export function useSetFolderReadOnly(vendorId: number) {
  const refresh = useRefreshDocumentData(vendorId);
  return useMutation({
    mutationFn: ({ id, readOnly }: { id: number; readOnly: boolean }) =>
      api.patch<Folder>(`vendors/${vendorId}/folders/${id}`, { read_only: readOnly }),
    onSuccess: refresh,
  });
}

/**
 * The ancestors of `folderId` (its parent up to the root): a deep link opens the tree at the
 * folder. One call per level, from the folder up; a folder never moves under its own subtree.
 */
export const useAncestors = (vendorId: number, folderId: number | null) =>
  useQuery({
    queryKey: [...documentKeys.folder(vendorId, folderId ?? 0), 'ancestors'],
    queryFn: async () => {
      const ids: number[] = [];
      let parent = (await api.get<Folder>(`vendors/${vendorId}/folders/${folderId}`)).parent_id;
      while (parent !== null && ids.length < MAX_DEPTH) {
        ids.push(parent);
        parent = (await api.get<Folder>(`vendors/${vendorId}/folders/${parent}`)).parent_id;
      }
      return ids;
    },
    enabled: folderId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

const MAX_DEPTH = 100;

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
      return validated
        ? api.put(url, undefined, { contract: 'versionSchema' })
        : api.delete(url, { contract: 'versionSchema' });
    },
    onSuccess: refresh,
  });
}

export function useRenameDocument(vendorId: number) {
  const refresh = useRefreshDocuments(vendorId);
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.patch(`vendors/${vendorId}/documents/${id}`, { name }, { ...quiet, contract: 'documentSchema' }),
    onSuccess: refresh,
  });
}

/** To the trash: a selection (protected items are skipped and listed), `force` for firm members. */
export function useDeleteNodes(vendorId: number) {
  const refresh = useRefreshDocuments(vendorId);
  return useMutation({
    mutationFn: (body: Selection & { force?: boolean }) =>
      api.post(`vendors/${vendorId}/nodes/delete`, body, { ...quiet, contract: 'nodesOutcomeSchema' }),
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
      api.post(`vendors/${vendorId}/nodes/${mode}`, body, { ...quiet, contract: 'nodesOutcomeSchema' }),
    onSettled: refresh,
  });
}

/** The client file's trash, newest deletion first, page by page, refreshed every minute. */
export const useTrash = (vendorId: number) =>
  useInfiniteQuery({
    queryKey: documentKeys.trash(vendorId),
    queryFn: ({ pageParam }) =>
      api.get(`vendors/${vendorId}/trash`, {
        query: { page: pageParam, per_page: NODES_PER_PAGE },
        contract: 'page of nodeSchema',
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    refetchInterval: AUTO_REFRESH_MS,
  });

export function useRestoreNodes(vendorId: number) {
  const refresh = useRefreshDocuments(vendorId);
  return useMutation({
    mutationFn: (body: Selection & { conflict?: 'refuse' | 'rename' }) =>
      api.post(`vendors/${vendorId}/trash/restore`, body, { ...quiet, contract: 'nodesOutcomeSchema' }),
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
  const link = await api.post(`vendors/${vendorId}/nodes/archive/links`, request, {
    contract: 'archiveLinkSchema',
  });
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
      api.post(`vendors/${vendorId}/documents/${documentId}/versions/${versionId}/restore`, undefined, {
        contract: 'versionSchema',
      }),
    onSuccess: refresh,
  });
}

/**
 * Where the PDF preview of an office document stands (`GET .../preview`, which starts the
 * conversion).
 */
export const fetchPreviewStatus = async (
  vendorId: number,
  documentId: number,
  versionId: number | null,
): Promise<PreviewStatus> =>
  (
    await api.get(`vendors/${vendorId}/documents/${documentId}/preview`, {
      query: versionId ? { version_id: versionId } : undefined,
      showError: false,
      contract: 'previewSchema',
    })
  ).status;

/**
 * The client file's allowed themes: answered to firm administrators only (`documents.themes`),
 * so its success also tells whether the caller may tag folders.
 */
export const useVendorThemes = (vendorId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...documentKeys.all(vendorId), 'themes'],
    queryFn: () =>
      api.get(`vendors/${vendorId}/themes`, { contract: 'vendorThemesSchema', showError: false }),
    enabled,
    retry: false,
  });

export const useFolderThemes = (vendorId: number, folderId: number) =>
  useQuery({
    queryKey: [...documentKeys.folder(vendorId, folderId), 'themes'],
    queryFn: () =>
      api.get(`vendors/${vendorId}/folders/${folderId}/themes`, { contract: 'folderThemesSchema' }),
  });

/** Tags a folder with themes (firm administrators). */
export function useSetFolderThemes(vendorId: number) {
  const refresh = useRefreshDocumentData(vendorId);
  return useMutation({
    mutationFn: ({ id, themeIds }: { id: number; themeIds: number[] }) =>
      api.put(`vendors/${vendorId}/folders/${id}/themes`, { theme_ids: themeIds }),
    onSuccess: refresh,
  });
}

/**
 * The signatures of a document's PDF versions (issue 29), checked by the server once per content:
 * who signed, when, and whether it verifies.
 */
export const useDocumentSignatures = (vendorId: number, documentId: number, enabled = true) =>
  useQuery({
    queryKey: ['documents', 'signatures', vendorId, documentId],
    queryFn: () =>
      api.get(`vendors/${vendorId}/documents/${documentId}/signatures`, {
        contract: 'versionSignaturesSchema[]',
        showError: false,
      }),
    enabled,
    staleTime: 60_000,
  });
