import type { NodeStatus, StatusHistoryEntry } from '@portal/contracts';
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
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workflowKeys.all(vendorId) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.all(vendorId) }),
      ]),
  });
}
