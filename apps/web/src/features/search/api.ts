import type { SearchType } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api';

/** What the search screen asks (from its address). */
export type SearchParams = {
  q: string;
  page: number;
  type?: SearchType;
  validated?: boolean;
  unread?: boolean;
  from?: string;
  to?: string;
};

/** Hits per page of the search screen. */
export const SEARCH_PER_PAGE = 20;

export const searchKeys = {
  all: ['search'] as const,
  of: (firmId: number, side: 'firm' | 'client', params: SearchParams) =>
    ['search', firmId, side, params] as const,
};

/**
 * The firm-wide search: a firm member's across the client files they open, a client user's
 * across their companies (each side has its own route).
 */
export const useSearch = (firmId: number | null, side: 'firm' | 'client', params: SearchParams) =>
  useQuery({
    queryKey: searchKeys.of(firmId ?? 0, side, params),
    queryFn: () =>
      api.get(
        side === 'firm' ? `accounting-firms/${firmId}/search` : `users/me/accounting-firms/${firmId}/search`,
        {
          query: {
            q: params.q,
            page: params.page,
            per_page: SEARCH_PER_PAGE,
            ...(params.type ? { type: params.type } : {}),
            ...(params.validated ? { validated: 'true' } : {}),
            ...(params.unread ? { unread: 'true' } : {}),
            ...(params.from ? { from: params.from } : {}),
            ...(params.to ? { to: params.to } : {}),
          },
          contract: 'page of searchHitSchema',
        },
      ),
    enabled: firmId !== null && params.q.trim() !== '',
    placeholderData: keepPreviousData,
  });
