import type {
  CreateTaskRequest,
  Task,
  TaskAdminMode,
  TaskItemInput,
  TaskStatus,
  UpdateTaskItemRequest,
  UpdateTaskRequest,
} from '@portal/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../api';
import { homeKeys, taskKeys } from '../../app/query-keys';
import { vendorUsersQuery } from '../../app/shared-api';
import { type TaskFilters, toApiQuery } from './task-filters';

export { useFirmMembers, useThemes } from '../../app/shared-api';
export { taskKeys };

const adminModePath = (firmId: number) => `users/me/accounting-firms/${firmId}/task-admin-mode`;

/** The person's remembered admin mode in the firm (every client file; firm administrators). */
export function useTaskAdminMode(firmId: number, enabled: boolean) {
  return useQuery({ ...taskAdminModeQuery(firmId), enabled });
}

export const taskAdminModeQuery = (firmId: number) => ({
  queryKey: taskKeys.adminMode(firmId),
  queryFn: () => api.get<TaskAdminMode>(adminModePath(firmId)),
});

/** Switches admin mode; the server remembers it, and the lists and the home page follow. */
export function useSetTaskAdminMode(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (admin_mode: boolean) => api.put<TaskAdminMode>(adminModePath(firmId), { admin_mode }),
    onSuccess: (mode) => {
      queryClient.setQueryData(taskKeys.adminMode(firmId), mode);
      void queryClient.invalidateQueries({ queryKey: homeKeys.all });
    },
  });
}

/** A page of 15 tasks under the filters. */
export function useTasks(firmId: number, filters: TaskFilters, firmSide: boolean, enabled = true) {
  return useQuery({ ...tasksQuery(firmId, filters, firmSide), placeholderData: keepPreviousData, enabled });
}

export const tasksQuery = (firmId: number, filters: TaskFilters, firmSide: boolean) => {
  const query = { ...toApiQuery(firmId, filters, firmSide), page: filters.page };
  return {
    queryKey: taskKeys.list(query),
    queryFn: () => api.get('tasks', { query, contract: 'page of taskListItemSchema' }),
  };
};

/** A board column: the tasks of one status under the filters, 15 more at a time. */
export function useTaskColumn(firmId: number, filters: TaskFilters, status: TaskStatus, firmSide: boolean) {
  const query = { ...toApiQuery(firmId, filters, firmSide), statuses: [status] };
  return useInfiniteQuery({
    queryKey: taskKeys.column(query),
    queryFn: ({ pageParam }) =>
      api.get('tasks', { query: { ...query, page: pageParam }, contract: 'page of taskListItemSchema' }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
}

/** Counts per status and overdue (under the filters but the statuses). */
export function useTaskCounters(firmId: number, filters: TaskFilters, firmSide: boolean) {
  return useQuery({ ...taskCountersQuery(firmId, filters, firmSide), placeholderData: keepPreviousData });
}

export const taskCountersQuery = (firmId: number, filters: TaskFilters, firmSide: boolean) => {
  const query = toApiQuery(firmId, filters, firmSide);
  return {
    queryKey: taskKeys.counters(query),
    queryFn: () => api.get('tasks/counters', { query, contract: 'taskCountersSchema' }),
  };
};

/** Counts per company (under the filters but the companies). */
export function useTaskCompanies(firmId: number, filters: TaskFilters, firmSide: boolean) {
  return useQuery({ ...taskCompaniesQuery(firmId, filters, firmSide), placeholderData: keepPreviousData });
}

export const taskCompaniesQuery = (firmId: number, filters: TaskFilters, firmSide: boolean) => {
  const query = toApiQuery(firmId, filters, firmSide);
  return {
    queryKey: taskKeys.companies(query),
    queryFn: () => api.get('tasks/companies', { query, contract: 'taskCompanySchema[]' }),
  };
};

export const fetchTask = (id: number) => api.get(`tasks/${id}`, { showError: false, contract: 'taskSchema' });

export const useTask = (id: number | null) =>
  useQuery({ queryKey: taskKeys.detail(id ?? 0), queryFn: () => fetchTask(id ?? 0), enabled: id !== null });

/** The main tasks of a client file matching `search` (parent and dependency pickers). */
export const useTaskOptions = (firmId: number, vendorId: number | null, search: string) =>
  useQuery({
    queryKey: taskKeys.options(vendorId ?? 0, search),
    queryFn: () =>
      api.get('tasks', {
        contract: 'page of taskListItemSchema',
        query: {
          accounting_firm_id: firmId,
          companies: [vendorId ?? 0],
          search: search.trim() || undefined,
        },
      }),
    enabled: vendorId !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** After any change: the lists, counters, badge and the home page are refetched. */
export function useRefresh() {
  const queryClient = useQueryClient();
  return (task?: Task) => {
    if (task) queryClient.setQueryData(taskKeys.detail(task.id), task);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      queryClient.invalidateQueries({ queryKey: homeKeys.all }),
    ]);
  };
}

export function useCreateTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateTaskRequest) =>
      api.post('tasks', body, { showError: false, contract: 'taskSchema' }),
    onSuccess: (task) => refresh(task),
  });
}

export function useUpdateTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body, quiet }: { id: number; body: UpdateTaskRequest; quiet?: boolean }) =>
      api.patch(`tasks/${id}`, body, { showError: !quiet, contract: 'taskSchema' }),
    onSuccess: (task) => refresh(task),
  });
}

export function useDeleteTask() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`tasks/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: taskKeys.detail(id) });
      return refresh();
    },
  });
}

/** The items of an information request: add, rename, remove, answer. */
export function useItemMutations(taskId: number) {
  const refresh = useRefresh();
  const done = () => refresh();
  const base = `tasks/${taskId}/items`;
  return {
    add: useMutation({
      mutationFn: (body: TaskItemInput) => api.post(base, body, { contract: 'taskItemSchema' }),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateTaskItemRequest }) =>
        api.patch(`${base}/${id}`, body, { contract: 'taskItemSchema' }),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`${base}/${id}`), onSuccess: done }),
    answer: useMutation({
      mutationFn: ({ id, answer }: { id: number; answer: string }) =>
        api.put(`${base}/${id}/answer`, { answer }, { contract: 'taskItemSchema' }),
      onSuccess: done,
    }),
  };
}

/** The users of a client file (the people a task may name), unless `enabled` is false. */
export const useVendorUsers = (vendorId: number | null, enabled: boolean) =>
  useQuery({ ...vendorUsersQuery(vendorId ?? 0, true), enabled: enabled && vendorId !== null });

/** The client file's folder a task's files are uploaded to (the server creates it if need be). */
export const taskUploadFolder = (taskId: number) =>
  api.post(`tasks/${taskId}/upload-folder`, undefined, { contract: 'taskUploadFolderSchema' });

/** Links uploaded documents to the task, or as the answer to one of its items. */
export async function linkTaskDocuments(taskId: number, documentIds: number[], itemId?: number) {
  const body = { document_ids: documentIds };
  if (itemId === undefined) await api.post(`tasks/${taskId}/attachments`, body);
  else await api.post(`tasks/${taskId}/items/${itemId}/documents`, body);
}

/** Unlinks a document from the task or from one of its items (it stays in the documents). */
export const unlinkTaskDocument = (taskId: number, documentId: number, itemId?: number) =>
  api.delete(
    itemId === undefined
      ? `tasks/${taskId}/attachments/${documentId}`
      : `tasks/${taskId}/items/${itemId}/documents/${documentId}`,
  );
