import type { RoutePrefetch } from '../../app/route-types';
import { taskAdminModeQuery } from './api';

export { TasksPage } from './tasks-page';

/** A firm administrator's list waits for the remembered admin mode (`tasks-page.tsx`). */
export const prefetch: RoutePrefetch = ({ queryClient, firm }) => {
  if (firm.is_accountant && firm.is_accountant_admin)
    void queryClient.prefetchQuery(taskAdminModeQuery(firm.id));
};
