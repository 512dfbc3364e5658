import type { AuditEventList, AuditFamily } from '@portal/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../api';

/** The filters the screen offers (a subset of the API's). */
export type AuditScreenFilters = {
  vendorId?: number;
  actorId?: number;
  family?: AuditFamily;
  /** ISO dates (whole days, UTC). */
  from?: string;
  to?: string;
};

const toQuery = (f: AuditScreenFilters) => ({
  ...(f.vendorId ? { vendor_id: f.vendorId } : {}),
  ...(f.actorId ? { actor_id: f.actorId } : {}),
  ...(f.family ? { family: f.family } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
});

export const auditKeys = {
  events: (scope: string, filters: AuditScreenFilters) => ['audit', scope, filters] as const,
};

/** The log, newest first, a page of 50 at a time ("load more" follows `next_cursor`). */
export function useAuditEvents(
  scope: { firmId: number } | { vendorId: number },
  filters: AuditScreenFilters,
) {
  const path =
    'firmId' in scope
      ? `accounting-firms/${scope.firmId}/audit-events`
      : `vendors/${scope.vendorId}/audit-events`;
  return useInfiniteQuery({
    queryKey: auditKeys.events(path, filters),
    queryFn: ({ pageParam }) =>
      api.get<AuditEventList>(path, {
        query: { ...toQuery(filters), per_page: 50, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** Downloads the CSV export with these filters through a one-use link (the browser follows it). */
export async function exportAuditCsv(firmId: number, filters: AuditScreenFilters): Promise<void> {
  const link = await api.post<{ url: string }>(
    `accounting-firms/${firmId}/audit-events/export/links`,
    toQuery(filters),
    { contract: 'auditExportLinkSchema' },
  );
  const a = document.createElement('a');
  a.href = link.url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** The portal's client files to filter by (first 100 by name). */
export const useAuditVendors = (firmId: number) =>
  useQuery({
    queryKey: ['audit', 'vendors', firmId] as const,
    queryFn: () =>
      api.get(`accounting-firms/${firmId}/vendors`, {
        contract: 'page of vendorListItemSchema',
        query: { per_page: 100, sort: 'company' },
      }),
  });
