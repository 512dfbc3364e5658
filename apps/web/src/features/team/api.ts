import type {
  InviteMemberRequest,
  Member,
  MemberDetail,
  Paginated,
  UpdateMemberRequest,
  VendorListItem,
} from '@portal/contracts';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { queryClient } from '../../app/query-client';
import { type Assignment, toAssignmentsPayload } from './access';

export type RemoveMemberResult = { removed: true; last_access: boolean; user_deleted: boolean };

/** Query keys of a firm's team: everything under ['team', firmId]. */
export const teamKeys = {
  all: (firmId: number) => ['team', firmId] as const,
  list: (firmId: number, search: string, assignedOnly: boolean) =>
    ['team', firmId, 'list', search, assignedOnly] as const,
  member: (firmId: number, userId: number) => ['team', firmId, 'member', userId] as const,
  vendors: (firmId: number, search: string) => ['team', firmId, 'vendors', search] as const,
};

const base = (firmId: number) => `accounting-firms/${firmId}/members`;

export const useMembers = (firmId: number, search = '', assignedOnly = false) =>
  useQuery({
    queryKey: teamKeys.list(firmId, search, assignedOnly),
    queryFn: () =>
      api.get<Member[]>(base(firmId), {
        query: { search: search.trim() || undefined, assigned_only: assignedOnly ? 'true' : undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useMember = (firmId: number, userId: number) =>
  useQuery({
    queryKey: teamKeys.member(firmId, userId),
    queryFn: () => api.get<MemberDetail>(`${base(firmId)}/${userId}`),
  });

/** One member's detail, from the cache when fresh. */
export const fetchMember = (firmId: number, userId: number) =>
  queryClient.fetchQuery({
    queryKey: teamKeys.member(firmId, userId),
    queryFn: () => api.get<MemberDetail>(`${base(firmId)}/${userId}`),
  });

/** The details of several members (their assignments), for the client files view. */
export const useMemberDetails = (firmId: number, userIds: readonly number[]) =>
  useQueries({
    queries: userIds.map((userId) => ({
      queryKey: teamKeys.member(firmId, userId),
      queryFn: () => api.get<MemberDetail>(`${base(firmId)}/${userId}`),
    })),
  });

/** The firm's client files (first 100 matching the search), to choose assignments from. */
export const useFirmVendors = (firmId: number, search = '') =>
  useQuery({
    queryKey: teamKeys.vendors(firmId, search),
    queryFn: () =>
      api.get<Paginated<VendorListItem>>(`accounting-firms/${firmId}/vendors`, {
        query: { per_page: 100, sort: 'company', search: search.trim() || undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** After a change: the lists are refetched; the changed member's detail is set from the answer. */
async function refresh(firmId: number, detail?: MemberDetail) {
  if (detail) queryClient.setQueryData(teamKeys.member(firmId, detail.user_id), detail);
  await queryClient.invalidateQueries({
    queryKey: teamKeys.all(firmId),
    predicate: (q) => q.queryKey[2] === 'list',
  });
}

export async function inviteMember(firmId: number, body: InviteMemberRequest): Promise<MemberDetail> {
  const detail = await api.post<MemberDetail>(base(firmId), body);
  await refresh(firmId, detail);
  return detail;
}

export async function updateMember(firmId: number, userId: number, body: UpdateMemberRequest) {
  const detail = await api.patch<MemberDetail>(`${base(firmId)}/${userId}`, body);
  await refresh(firmId, detail);
  return detail;
}

export async function setAssignments(firmId: number, userId: number, list: readonly Assignment[]) {
  const detail = await api.put<MemberDetail>(
    `${base(firmId)}/${userId}/assignments`,
    toAssignmentsPayload(list),
  );
  await refresh(firmId, detail);
  return detail;
}

export async function removeMember(firmId: number, userId: number, deleteUser: boolean) {
  const result = await api.delete<RemoveMemberResult>(`${base(firmId)}/${userId}`, {
    query: { delete_user: deleteUser ? 'true' : 'false' },
  });
  queryClient.removeQueries({ queryKey: teamKeys.member(firmId, userId) });
  await refresh(firmId);
  return result;
}
