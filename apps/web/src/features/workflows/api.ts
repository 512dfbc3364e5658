import type {
  ActivateWorkflowRequest,
  CreateWorkflowRequest,
  FolderWorkflow,
  UpdateWorkflowRequest,
  Workflow,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { documentKeys, workflowKeys } from '../../app/query-keys';

export { workflowKeys };

/** The client file's workflows and the firm's it may use, with their statuses. */
export const useWorkflows = (vendorId: number) =>
  useQuery({
    queryKey: workflowKeys.list(vendorId),
    queryFn: () => api.get<Workflow[]>(`vendors/${vendorId}/workflows`, { query: { with_statuses: 'true' } }),
  });

/** The firm's own workflows (`settings/{context}/team-manager/workflows`), with their statuses. */
export const useFirmWorkflows = (firmId: number) =>
  useQuery({
    queryKey: workflowKeys.firm(firmId),
    queryFn: () =>
      api.get<Workflow[]>(`accounting-firms/${firmId}/workflows`, { query: { with_statuses: 'true' } }),
  });

/** Whose workflows: a client file's (with the firm's it may use) or the firm's own. */
export type WorkflowOwner = { kind: 'vendor' | 'firm'; id: number };

/** Creates, changes and deletes the owner's workflows. */
export function useSaveWorkflow(owner: WorkflowOwner) {
  const queryClient = useQueryClient();
  // A firm workflow shows in every client file's list: every workflow answer is fetched again.
  const refresh = () =>
    owner.kind === 'vendor'
      ? Promise.all([
          queryClient.invalidateQueries({ queryKey: workflowKeys.all(owner.id) }),
          queryClient.invalidateQueries({ queryKey: documentKeys.all(owner.id) }),
        ])
      : queryClient.invalidateQueries({ queryKey: workflowKeys.root });
  const path =
    owner.kind === 'vendor' ? `vendors/${owner.id}/workflows` : `accounting-firms/${owner.id}/workflows`;
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
  };
}

/** Activates a workflow on a folder of the client file, or deactivates the folder's own. */
export function useFolderActivation(vendorId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: workflowKeys.all(vendorId) }),
      queryClient.invalidateQueries({ queryKey: documentKeys.all(vendorId) }),
    ]);
  return {
    activate: useMutation({
      mutationFn: ({ folderId, body }: { folderId: number; body: ActivateWorkflowRequest }) =>
        api.put<FolderWorkflow>(`vendors/${vendorId}/folders/${folderId}/workflow`, body),
      onSuccess: refresh,
    }),
  };
}
