import type { RoutePrefetch } from '../../app/route-types';
import { taskAdminModeQuery, taskCompaniesQuery, taskCountersQuery, tasksQuery } from './api';
import { parseFilters } from './task-filters';

export { TasksPage } from './tasks-page';

/**
 * The list, its counters and companies under the address's filters, as `tasks-page.tsx` asks for
 * them once rendered; a firm administrator's wait for the remembered admin mode.
 */
export const prefetch: RoutePrefetch = ({ queryClient, firm }) => {
  const firmSide = firm.is_accountant;
  const filters = parseFilters(new URLSearchParams(window.location.search));
  const reads = (adminMode: boolean) => {
    const shown = { ...filters, adminMode };
    if (shown.view !== 'board') void queryClient.prefetchQuery(tasksQuery(firm.id, shown, firmSide));
    void queryClient.prefetchQuery(taskCountersQuery(firm.id, shown, firmSide));
    void queryClient.prefetchQuery(taskCompaniesQuery(firm.id, shown, firmSide));
  };
  if (firmSide && firm.is_accountant_admin)
    void queryClient.fetchQuery(taskAdminModeQuery(firm.id)).then(
      (mode) => reads(mode.admin_mode),
      () => undefined,
    );
  else reads(false);
};
