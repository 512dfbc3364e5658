import type { RoutePrefetch } from '../../app/route-types';
import { membersQuery } from './api';

/**
 * The firm settings open on the team (`settings/{context}` and `settings/{context}/team-manager`):
 * its members, those assigned to client files first (`members-page.tsx`).
 */
export const prefetch: RoutePrefetch = ({ queryClient, firm, params }) => {
  const sub = params['*'] ?? '';
  if (!firm.is_accountant || !['', 'team-manager', 'team-manager/', 'team-manager/users'].includes(sub))
    return;
  void queryClient.prefetchQuery(membersQuery(firm.id, '', true));
};
