import type { InviteMemberRequest, MemberDetail, UpdateMemberRequest } from '@portal/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../api';
import { type Assignment, toAssignmentsPayload } from './access';

export type RemoveMemberResult = { removed: true; last_access: boolean; user_deleted: boolean };

/** Query keys of a firm's team: everything under ['team', firmId]. */
export const teamKeys = {
  all: (firmId: number) => ['team', firmId] as const,
  lists: (firmId: number) => ['team', firmId, 'list'] as const,
  list: (firmId: number, search: string, assignedOnly: boolean) =>
    ['team', firmId, 'list', search, assignedOnly] as const,
  member: (firmId: number, userId: number) => ['team', firmId, 'member', userId] as const,
  vendors: (firmId: number, search: string) => ['team', firmId, 'vendors', search] as const,
};

const base = (firmId: number) => `accounting-firms/${firmId}/members`;

export const membersQuery = (firmId: number, search: string, assignedOnly: boolean) => ({
  queryKey: teamKeys.list(firmId, search, assignedOnly),
  queryFn: () =>
    api.get(base(firmId), {
      contract: 'memberSchema[]' as const,
      query: { search: search.trim() || undefined, assigned_only: assignedOnly ? 'true' : undefined },
    }),
});

export const useMembers = (firmId: number, search = '', assignedOnly = false) =>
  useQuery({ ...membersQuery(firmId, search, assignedOnly), placeholderData: keepPreviousData });

export const useMember = (firmId: number, userId: number) =>
  useQuery({
    queryKey: teamKeys.member(firmId, userId),
    queryFn: () => api.get(`${base(firmId)}/${userId}`, { contract: 'memberDetailSchema' }),
  });

/** A function reading one member's detail, from the cache when fresh. */
export function useFetchMember(firmId: number) {
  const queryClient = useQueryClient();
  return (userId: number) =>
    queryClient.fetchQuery({
      queryKey: teamKeys.member(firmId, userId),
      queryFn: () => api.get(`${base(firmId)}/${userId}`, { contract: 'memberDetailSchema' }),
    });
}

/** The details of several members (their assignments), for the client files view. */
export const useMemberDetails = (firmId: number, userIds: readonly number[]) =>
  useQueries({
    queries: userIds.map((userId) => ({
      queryKey: teamKeys.member(firmId, userId),
      queryFn: () => api.get(`${base(firmId)}/${userId}`, { contract: 'memberDetailSchema' }),
    })),
  });

/** The firm's client files (first 100 matching the search), to choose assignments from. */
export const useFirmVendors = (firmId: number, search = '') =>
  useQuery({
    queryKey: teamKeys.vendors(firmId, search),
    queryFn: () =>
      api.get(`accounting-firms/${firmId}/vendors`, {
        contract: 'page of vendorListItemSchema',
        query: { per_page: 100, sort: 'company', search: search.trim() || undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** After a change: the lists are refetched; the changed member's detail is set from the answer. */
async function refresh(queryClient: QueryClient, firmId: number, detail?: MemberDetail) {
  if (detail) queryClient.setQueryData(teamKeys.member(firmId, detail.user_id), detail);
  await queryClient.invalidateQueries({ queryKey: teamKeys.lists(firmId) });
}

/** Adds a collaborator (an invitation mail goes to a new account). */
export function useInviteMember(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMemberRequest) =>
      api.post(base(firmId), body, { contract: 'memberDetailSchema' }),
    onSuccess: (detail) => refresh(queryClient, firmId, detail),
  });
}

/** Changes a member's rights. */
export function useUpdateMember(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: UpdateMemberRequest }) =>
      api.patch(`${base(firmId)}/${userId}`, body, { contract: 'memberDetailSchema' }),
    onSuccess: (detail) => refresh(queryClient, firmId, detail),
  });
}

/** Replaces a member's client files with `list`. */
export function useSetAssignments(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, list }: { userId: number; list: readonly Assignment[] }) =>
      api.put(`${base(firmId)}/${userId}/assignments`, toAssignmentsPayload(list), {
        contract: 'memberDetailSchema',
      }),
    onSuccess: (detail) => refresh(queryClient, firmId, detail),
  });
}

/** Removes a member's access to the firm, and the account with it when `deleteUser` is set. */
export function useRemoveMember(firmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, deleteUser }: { userId: number; deleteUser: boolean }) =>
      api.delete<RemoveMemberResult>(`${base(firmId)}/${userId}`, {
        query: { delete_user: deleteUser ? 'true' : 'false' },
      }),
    onSuccess: (_result, { userId }) => {
      queryClient.removeQueries({ queryKey: teamKeys.member(firmId, userId) });
      return refresh(queryClient, firmId);
    },
  });
}

/** Ends every session of a person of the firm (firm administrators; a person the firm alone knows). */
export function useEndMemberSessions(firmId: number) {
  return useMutation({
    mutationFn: (userId: number) =>
      api.delete<{ success: true }>(`accounting-firms/${firmId}/users/${userId}/sessions`),
  });
}
