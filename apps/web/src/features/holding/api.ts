import type {
  HoldingDashboard,
  HoldingUser,
  HoldingVendor,
  HoldingWorkspace,
  HoldingWorkspaceDetail,
  MyHolding,
  Paginated,
  PutHoldingWorkspaceAccessRequest,
  UpdateHoldingWorkspaceRequest,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { holdingKeys } from '../../app/query-keys';

/** Query keys: everything of the holding area under ['holding'] (`holdingKeys.mine` is shared). */
export const keys = {
  ...holdingKeys,
  of: (id: number) => ['holding', id] as const,
  dashboard: (id: number) => ['holding', id, 'dashboard'] as const,
  workspaces: (id: number, q: object) => ['holding', id, 'workspaces', q] as const,
  vendors: (id: number, q: object) => ['holding', id, 'vendors', q] as const,
  users: (id: number, q: object) => ['holding', id, 'users', q] as const,
  user: (id: number, userId: number) => ['holding', id, 'user', userId] as const,
  workspace: (id: number, firmId: number) => ['holding', id, 'workspace', firmId] as const,
};

export const PAGE_SIZE = 25;

export type ListQuery = { search: string; includeDeactivated: boolean; page: number };

export const useMyHoldings = () =>
  useQuery({
    queryKey: keys.mine,
    queryFn: () => api.get<MyHolding[]>('users/me/holdings'),
    staleTime: 60_000,
  });

export const useHoldingDashboard = (id: number) =>
  useQuery({
    queryKey: keys.dashboard(id),
    queryFn: () => api.get<HoldingDashboard>(`holdings/${id}/dash-boards`),
  });

export const useHoldingWorkspaces = (id: number, q: ListQuery) =>
  useQuery({
    queryKey: keys.workspaces(id, q),
    queryFn: () =>
      api.get<Paginated<HoldingWorkspace>>(`holdings/${id}/accounting-firms`, {
        query: {
          search: q.search.trim() || undefined,
          include_deactivated: q.includeDeactivated ? 'true' : 'false',
          page: q.page,
          per_page: PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useHoldingVendors = (id: number, q: ListQuery & { firmId: number | null }) =>
  useQuery({
    queryKey: keys.vendors(id, q),
    queryFn: () =>
      api.get<Paginated<HoldingVendor>>(`holdings/${id}/vendors`, {
        query: {
          search: q.search.trim() || undefined,
          accounting_firm_id: q.firmId ?? undefined,
          include_deactivated: q.includeDeactivated ? 'true' : 'false',
          page: q.page,
          per_page: PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useHoldingUsers = (id: number, q: { search: string; firmId: number | null }) =>
  useQuery({
    queryKey: keys.users(id, q),
    queryFn: () =>
      api.get<HoldingUser[]>(`holdings/${id}/users`, {
        query: { search: q.search.trim() || undefined, accounting_firm_id: q.firmId ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useHoldingUser = (id: number, userId: number) =>
  useQuery({
    queryKey: keys.user(id, userId),
    queryFn: () => api.get<HoldingUser>(`holdings/${id}/users/${userId}`),
  });

/** After a change of a person's access: their page from the answer, the lists refetched. */
function useRefresh(id: number) {
  const queryClient = useQueryClient();
  return async (user: HoldingUser | null, userId: number) => {
    if (user) queryClient.setQueryData(keys.user(id, userId), user);
    else await queryClient.invalidateQueries({ queryKey: keys.user(id, userId) });
    await queryClient.invalidateQueries({ queryKey: ['holding', id, 'users'] });
    await queryClient.invalidateQueries({ queryKey: keys.dashboard(id) });
  };
}

export function useSetHoldingAdmin(id: number, userId: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (on: boolean) =>
      api.patch<HoldingUser>(`holdings/${id}/users/${userId}`, { holding_admin: on }),
    onSuccess: (user) => refresh(user, userId),
  });
}

export function usePutWorkspaceAccess(id: number, userId: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ firmId, body }: { firmId: number; body: PutHoldingWorkspaceAccessRequest }) =>
      api.put<HoldingUser>(`holdings/${id}/users/${userId}/workspaces/${firmId}`, body),
    onSuccess: (user) => refresh(user, userId),
  });
}

export function useRemoveWorkspaceAccess(id: number, userId: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (firmId: number) =>
      api.delete<{ removed: true; last_access: boolean }>(
        `holdings/${id}/users/${userId}/workspaces/${firmId}`,
      ),
    onSuccess: () => refresh(null, userId),
  });
}

export const useHoldingWorkspace = (id: number, firmId: number) =>
  useQuery({
    queryKey: keys.workspace(id, firmId),
    queryFn: () => api.get<HoldingWorkspaceDetail>(`holdings/${id}/accounting-firms/${firmId}`),
  });

/** After a change of a workspace: its form from the answer, the lists and the dashboard refetched. */
function useWorkspaceRefresh(id: number, firmId: number) {
  const queryClient = useQueryClient();
  return async (workspace: HoldingWorkspaceDetail) => {
    queryClient.setQueryData(keys.workspace(id, firmId), workspace);
    await queryClient.invalidateQueries({ queryKey: ['holding', id, 'workspaces'] });
    await queryClient.invalidateQueries({ queryKey: keys.dashboard(id) });
  };
}

export function useUpdateWorkspace(id: number, firmId: number) {
  const refresh = useWorkspaceRefresh(id, firmId);
  return useMutation({
    mutationFn: (body: UpdateHoldingWorkspaceRequest) =>
      api.patch<HoldingWorkspaceDetail>(`holdings/${id}/accounting-firms/${firmId}`, body),
    onSuccess: refresh,
  });
}

export function useSetWorkspaceActive(id: number, firmId: number) {
  const refresh = useWorkspaceRefresh(id, firmId);
  return useMutation({
    mutationFn: (active: boolean) =>
      api.post<HoldingWorkspaceDetail>(
        `holdings/${id}/accounting-firms/${firmId}/${active ? 'restore' : 'deactivate'}`,
        {},
      ),
    onSuccess: refresh,
  });
}
