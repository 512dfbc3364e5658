import type { DocumentDto, Folder, Node, Paginated, VersionDto } from '@portal/contracts';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api';
import { markReadInPages } from './read-marks';

/** Document lists refresh themselves every minute (spec section 9). */
export const AUTO_REFRESH_MS = 60_000;
/** Nodes per page of a folder's listing (the server's maximum). */
export const NODES_PER_PAGE = 100;

/** Query keys of one client file's documents: everything under ['documents', vendorId]. */
export const documentKeys = {
  all: (vendorId: number) => ['documents', vendorId] as const,
  /** The children of a folder in the tree (null: the root alone). */
  tree: (vendorId: number, parentId: number | null) => ['documents', vendorId, 'tree', parentId] as const,
  folder: (vendorId: number, folderId: number) => ['documents', vendorId, 'folder', folderId] as const,
  nodes: (vendorId: number, folderId: number) => ['documents', vendorId, 'nodes', folderId] as const,
  document: (vendorId: number, documentId: number) =>
    ['documents', vendorId, 'document', documentId] as const,
  versions: (vendorId: number, documentId: number) =>
    ['documents', vendorId, 'versions', documentId] as const,
};

/** The root folder (parentId null) or the live sub-folders of `parentId`. */
export const fetchFolderChildren = (vendorId: number, parentId: number | null) =>
  api.get<Folder[]>(`vendors/${vendorId}/folders`, {
    query: parentId === null ? undefined : { parent_id: parentId },
  });

/** The caller's unread documents per client file of a firm (`unread.tsx`). */
export const unreadKeys = {
  all: ['documents-unread'] as const,
  firm: (firmId: number) => ['documents-unread', firmId] as const,
};

/** The root folder (parentId null) or the live sub-folders of `parentId`: the tree loads lazily. */
export const useFolderChildren = (vendorId: number, parentId: number | null, enabled = true) =>
  useQuery({
    queryKey: documentKeys.tree(vendorId, parentId),
    queryFn: () => fetchFolderChildren(vendorId, parentId),
    refetchInterval: AUTO_REFRESH_MS,
    enabled,
  });

/** A folder (the header: name, read-only flag, counter), refreshed every minute like the lists. */
export const useFolder = (vendorId: number, folderId: number | null) =>
  useQuery({
    queryKey: documentKeys.folder(vendorId, folderId ?? 0),
    queryFn: () => api.get<Folder>(`vendors/${vendorId}/folders/${folderId}`),
    refetchInterval: AUTO_REFRESH_MS,
    enabled: folderId !== null,
  });

/** A folder's folders and documents, page by page, refreshed every minute. */
export const useNodes = (vendorId: number, folderId: number | null) =>
  useInfiniteQuery({
    queryKey: documentKeys.nodes(vendorId, folderId ?? 0),
    queryFn: ({ pageParam }) =>
      api.get<Paginated<Node>>(`vendors/${vendorId}/folders/${folderId}/nodes`, {
        query: { page: pageParam, per_page: NODES_PER_PAGE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    refetchInterval: AUTO_REFRESH_MS,
    enabled: folderId !== null,
  });

export const useDocument = (vendorId: number, documentId: number | null) =>
  useQuery({
    queryKey: documentKeys.document(vendorId, documentId ?? 0),
    queryFn: () => api.get<DocumentDto>(`vendors/${vendorId}/documents/${documentId}`),
    enabled: documentId !== null,
  });

export const useVersions = (vendorId: number, documentId: number | null) =>
  useQuery({
    queryKey: documentKeys.versions(vendorId, documentId ?? 0),
    queryFn: () => api.get<VersionDto[]>(`vendors/${vendorId}/documents/${documentId}/versions`),
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
