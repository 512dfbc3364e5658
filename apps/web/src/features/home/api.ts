import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { homeKeys } from '../../app/query-keys';

export { homeKeys };

/**
 * The home page's day in one request: a client user's is the selected company's, a firm
 * member's spans the client files they reach.
 */
export const useHome = (firmId: number | null, vendorId: number | null) =>
  useQuery({
    queryKey: homeKeys.day(firmId ?? 0, vendorId),
    queryFn: () =>
      api.get('home', {
        query: { accounting_firm_id: firmId, vendor_id: vendorId ?? undefined },
        contract: 'homeSchema',
      }),
    enabled: firmId !== null,
  });
