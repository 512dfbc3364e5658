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
