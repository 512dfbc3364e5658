import type {
  CreateTaskRequest,
  Member,
  Paginated,
  Task,
  TaskAdminMode,
  TaskCompany,
  TaskCounters,
  TaskItem,
  TaskItemInput,
  TaskListItem,
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
import { customerKeys } from '../customers/api';
import { homeKeys } from '../home/api';
import { type TaskFilters, type TaskQuery, toApiQuery } from './task-filters';

/**
 * Query keys of the tasks: everything under ['tasks'] (lists, counters, companies, one task, the
 * navigation badge), so that a change refreshes them all with one invalidation.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (q: TaskQuery & { page: number }) => ['tasks', 'list', q] as const,
  counters: (q: TaskQuery) => ['tasks', 'counters', q] as const,
  companies: (q: TaskQuery) => ['tasks', 'companies', q] as const,
  column: (q: TaskQuery) => ['tasks', 'column', q] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
  badge: (firmId: number, vendorId: number | null) => ['tasks', 'badge', firmId, vendorId] as const,
  options: (vendorId: number, search: string) => ['tasks', 'options', vendorId, search] as const,
  adminMode: (firmId: number) => ['tasks', 'admin-mode', firmId] as const,
};

const adminModePath = (firmId: number) => `users/me/accounting-firms/${firmId}/task-admin-mode`;

/** The person's remembered admin mode in the firm (every client file; firm administrators). */
export function useTaskAdminMode(firmId: number, enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.adminMode(firmId),
    queryFn: () => api.get<TaskAdminMode>(adminModePath(firmId)),
    enabled,
  });
}

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
  const query = { ...toApiQuery(firmId, filters, firmSide), page: filters.page };
  return useQuery({
    queryKey: taskKeys.list(query),
    queryFn: () => api.get<Paginated<TaskListItem>>('tasks', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A board column: the tasks of one status under the filters, 15 more at a time. */
export function useTaskColumn(firmId: number, filters: TaskFilters, status: TaskStatus, firmSide: boolean) {
  const query = { ...toApiQuery(firmId, filters, firmSide), statuses: [status] };
  return useInfiniteQuery({
    queryKey: taskKeys.column(query),
    queryFn: ({ pageParam }) =>
      api.get<Paginated<TaskListItem>>('tasks', { query: { ...query, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
}

/** Counts per status and overdue (under the filters but the statuses). */
export function useTaskCounters(firmId: number, filters: TaskFilters, firmSide: boolean) {
  const query = toApiQuery(firmId, filters, firmSide);
  return useQuery({
    queryKey: taskKeys.counters(query),
    queryFn: () => api.get<TaskCounters>('tasks/counters', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Counts per company (under the filters but the companies). */
export function useTaskCompanies(firmId: number, filters: TaskFilters, firmSide: boolean) {
  const query = toApiQuery(firmId, filters, firmSide);
  return useQuery({
    queryKey: taskKeys.companies(query),
    queryFn: () => api.get<TaskCompany[]>('tasks/companies', { query }),
    placeholderData: keepPreviousData,
  });
}

export const fetchTask = (id: number) => api.get<Task>(`tasks/${id}`, { showError: false });

export const useTask = (id: number | null) =>
  useQuery({ queryKey: taskKeys.detail(id ?? 0), queryFn: () => fetchTask(id ?? 0), enabled: id !== null });

/** The main tasks of a client file matching `search` (parent and dependency pickers). */
export const useTaskOptions = (firmId: number, vendorId: number | null, search: string) =>
  useQuery({
    queryKey: taskKeys.options(vendorId ?? 0, search),
    queryFn: () =>
      api.get<Paginated<TaskListItem>>('tasks', {
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
    mutationFn: (body: CreateTaskRequest) => api.post<Task>('tasks', body, { showError: false }),
    onSuccess: (task) => refresh(task),
  });
}

export function useUpdateTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body, quiet }: { id: number; body: UpdateTaskRequest; quiet?: boolean }) =>
      api.patch<Task>(`tasks/${id}`, body, { showError: !quiet }),
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
      mutationFn: (body: TaskItemInput) => api.post<TaskItem>(base, body),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateTaskItemRequest }) =>
        api.patch<TaskItem>(`${base}/${id}`, body),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`${base}/${id}`), onSuccess: done }),
    answer: useMutation({
      mutationFn: ({ id, answer }: { id: number; answer: string }) =>
        api.put<TaskItem>(`${base}/${id}/answer`, { answer }),
      onSuccess: done,
    }),
  };
}

/**
 * The navigation badge: the caller's open tasks (to do and in progress) and overdue ones, in the
 * scope the tasks page opens on. Light on purpose: the shell imports it.
 */
export const useTaskBadge = (firmId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: taskKeys.badge(firmId ?? 0, null),
    queryFn: () =>
      api.get<TaskCounters>('tasks/counters', { query: { accounting_firm_id: firmId }, showError: false }),
    enabled: enabled && firmId !== null,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });

/** The firm's team (names of members); only firm members may read it. */
export const useFirmMembers = (firmId: number, enabled: boolean) =>
  useQuery({
    queryKey: customerKeys.members(firmId),
    queryFn: () => api.get<Member[]>(`accounting-firms/${firmId}/members`),
    staleTime: 60_000,
    enabled,
  });
