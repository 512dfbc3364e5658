import type { RoutePrefetch } from '../../app/route-types';
import { customersQuery, FIRST_QUERY } from './api';

/**
 * The list's first page, as the page opens. A module of its own (the list's query only, not the
 * page's components): the request leaves as soon as the firm is known, not once the page's chunk
 * has loaded and run.
 */
export const prefetch: RoutePrefetch = ({ queryClient, firm }) => {
  if (firm.is_accountant) void queryClient.prefetchQuery(customersQuery(firm.id, FIRST_QUERY));
};
