import type { FolderWorkflow, NodeStatus, StatusHistoryEntry } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { documentKeys, type NodeType, workflowKeys } from '../../app/query-keys';

export type { NodeType };

const nodePath = (vendorId: number, type: NodeType, id: number) =>
  `vendors/${vendorId}/${type === 'document' ? 'documents' : 'folders'}/${id}`;

/** A node's status, its workflow and the moves the caller may make. */
export const useNodeStatus = (vendorId: number, type: NodeType, id: number, enabled = true) =>
  useQuery({
    queryKey: workflowKeys.status(vendorId, type, id),
    queryFn: () => api.get<NodeStatus>(`${nodePath(vendorId, type, id)}/status`),
    enabled,
  });

export const useStatusHistory = (vendorId: number, type: NodeType, id: number, enabled = true) =>
  useQuery({
    queryKey: workflowKeys.history(vendorId, type, id),
    queryFn: () => api.get<StatusHistoryEntry[]>(`${nodePath(vendorId, type, id)}/status-history`),
    enabled,
  });

/** Moves a node to a status; its listing, status and history are fetched again. */
export function useMoveStatus(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      type,
      id,
      statusId,
      comment,
    }: {
      type: NodeType;
      id: number;
      statusId: number;
      comment?: string;
    }) =>
      api.put<NodeStatus>(`${nodePath(vendorId, type, id)}/status`, {
        status_id: statusId,
        ...(comment ? { comment } : {}),
      }),
    // The listings, folders and the document's answer carry the status; its content is untouched
    // (the viewer does not load it again).
    onSuccess: (_answer, { type, id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workflowKeys.all(vendorId) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.allNodes(vendorId) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.allFolders(vendorId) }),
        type === 'document'
          ? queryClient.invalidateQueries({ queryKey: documentKeys.document(vendorId, id) })
          : null,
      ]),
  });
}

/** The workflow applying to a folder (its own or inherited) and its subtree's counts per status. */
export const useFolderWorkflow = (vendorId: number, folderId: number | null) =>
  useQuery({
    queryKey: workflowKeys.folder(vendorId, folderId ?? 0),
    queryFn: () => api.get<FolderWorkflow>(`vendors/${vendorId}/folders/${folderId}/workflow`),
    enabled: folderId !== null,
  });

/** Deactivates the folder's own workflow: `all_content` clears the statuses below, `folders_only` keeps the documents'. */
export function useDeactivateWorkflow(vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folderId, scope }: { folderId: number; scope: 'all_content' | 'folders_only' }) =>
      api.delete<FolderWorkflow>(`vendors/${vendorId}/folders/${folderId}/workflow`, { query: { scope } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workflowKeys.all(vendorId) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.allNodes(vendorId) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.allFolders(vendorId) }),
      ]),
  });
}
