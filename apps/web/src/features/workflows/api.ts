import type {
  ActivateWorkflowRequest,
  CreateWorkflowRequest,
  FolderWorkflow,
  NodeStatus,
  StatusHistoryEntry,
  UpdateWorkflowRequest,
  Workflow,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { documentKeys } from '../documents/api';

/** Query keys of a client file's workflows and of its nodes' statuses. */
export const workflowKeys = {
  all: (vendorId: number) => ['workflows', vendorId] as const,
  list: (vendorId: number) => ['workflows', vendorId, 'list'] as const,
  status: (vendorId: number, type: NodeType, id: number) =>
    ['workflows', vendorId, 'status', type, id] as const,
  history: (vendorId: number, type: NodeType, id: number) =>
    ['workflows', vendorId, 'history', type, id] as const,
};

export type NodeType = 'document' | 'folder';
const nodePath = (vendorId: number, type: NodeType, id: number) =>
  `vendors/${vendorId}/${type === 'document' ? 'documents' : 'folders'}/${id}`;

/** The client file's workflows and the firm's it may use, with their statuses. */
export const useWorkflows = (vendorId: number) =>
  useQuery({
    queryKey: workflowKeys.list(vendorId),
    queryFn: () => api.get<Workflow[]>(`vendors/${vendorId}/workflows`, { query: { with_statuses: 'true' } }),
  });

/** Creates, changes, deletes and activates the client file's workflows. */
export function useSaveWorkflow(vendorId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: workflowKeys.all(vendorId) }),
      queryClient.invalidateQueries({ queryKey: documentKeys.all(vendorId) }),
    ]);
  const path = `vendors/${vendorId}/workflows`;
  return {
    create: useMutation({
      mutationFn: (body: CreateWorkflowRequest) => api.post<Workflow>(path, body, { showError: false }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateWorkflowRequest }) =>
        api.patch<Workflow>(`${path}/${id}`, body, { showError: false }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<unknown>(`${path}/${id}`),
      onSuccess: refresh,
    }),
    activate: useMutation({
      mutationFn: ({ folderId, body }: { folderId: number; body: ActivateWorkflowRequest }) =>
        api.put<FolderWorkflow>(`vendors/${vendorId}/folders/${folderId}/workflow`, body),
      onSuccess: refresh,
    }),
  };
}

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
