import type { RoutePrefetch } from '../../app/route-types';
import { customersQuery, FIRST_QUERY } from './api';

export { CustomersPage } from './customers-page';

/** The list's first page, as the page opens. */
export const prefetch: RoutePrefetch = ({ queryClient, firm }) => {
  if (firm.is_accountant) void queryClient.prefetchQuery(customersQuery(firm.id, FIRST_QUERY));
};
