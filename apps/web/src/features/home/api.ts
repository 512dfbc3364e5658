import type { Home } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';

/** Query keys of the home page: everything under ['home']. */
export const homeKeys = {
  all: ['home'] as const,
  day: (firmId: number, vendorId: number | null) => ['home', firmId, vendorId] as const,
};

/**
 * The home page's day in one request: a client user's is the selected company's, a firm
 * member's spans the client files they reach.
 */
export const useHome = (firmId: number | null, vendorId: number | null) =>
  useQuery({
    queryKey: homeKeys.day(firmId ?? 0, vendorId),
    queryFn: () =>
      api.get<Home>('home', { query: { accounting_firm_id: firmId, vendor_id: vendorId ?? undefined } }),
    enabled: firmId !== null,
  });
