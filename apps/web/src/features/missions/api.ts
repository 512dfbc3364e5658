import type { CreateMissionRequest, UpdateMissionRequest } from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { missionKeys, taskKeys } from '../../app/query-keys';

const base = (vendorId: number) => `vendors/${vendorId}/missions`;

export const useMissions = (vendorId: number, page: number) =>
  useQuery({
    queryKey: missionKeys.list(vendorId, page),
    queryFn: () =>
      api.get(base(vendorId), { query: { page: String(page) }, contract: 'page of missionSchema' }),
    placeholderData: keepPreviousData,
  });

export const useMission = (vendorId: number, missionId: number | null) =>
  useQuery({
    queryKey: missionKeys.one(vendorId, missionId ?? 0),
    queryFn: () => api.get(`${base(vendorId)}/${missionId}`, { contract: 'missionDetailSchema' }),
    enabled: missionId !== null,
  });

/** The firm's live services and offers, to pick a mission's services from (firm members). */
export const useMissionCatalog = (firmId: number) =>
  useQuery({
    queryKey: missionKeys.catalog(firmId),
    queryFn: async () => {
      const query = { per_page: '100' };
      const [services, offers] = await Promise.all([
        api.get(`accounting-firms/${firmId}/catalog/services`, {
          query,
          contract: 'page of catalogServiceSchema',
        }),
        api.get(`accounting-firms/${firmId}/catalog/offers`, {
          query,
          contract: 'page of catalogOfferSchema',
        }),
      ]);
      return { services: services.data.filter((s) => !s.archived), offers: offers.data };
    },
  });

/** Writes of a client file's missions; its missions and tasks are fetched again. */
export function useMissionWrites(vendorId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: missionKeys.all(vendorId) });
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
  };
  const quiet = { showError: false } as const;
  return {
    create: useMutation({
      mutationFn: (body: CreateMissionRequest) =>
        api.post(base(vendorId), body, { ...quiet, contract: 'missionDetailSchema' }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: UpdateMissionRequest }) =>
        api.patch(`${base(vendorId)}/${id}`, body, { ...quiet, contract: 'missionDetailSchema' }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete<unknown>(`${base(vendorId)}/${id}`, quiet),
      onSuccess,
    }),
    sign: useMutation({
      mutationFn: (id: number) =>
        api.post(`${base(vendorId)}/${id}/sign`, {}, { ...quiet, contract: 'missionDetailSchema' }),
      onSuccess,
    }),
    generate: useMutation({
      mutationFn: (id: number) =>
        api.post(
          `${base(vendorId)}/${id}/generate-tasks`,
          {},
          { ...quiet, contract: 'generateTasksResultSchema' },
        ),
      onSuccess,
    }),
  };
}
