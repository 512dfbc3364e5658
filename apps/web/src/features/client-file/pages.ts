import type { RoutePrefetch } from '../../app/route-types';
import { vendorQuery } from './api';

export { ClientFilePage } from './client-file-page';

/** The client file's header. */
export const prefetch: RoutePrefetch = ({ queryClient, vendorId }) => {
  if (vendorId !== null) void queryClient.prefetchQuery(vendorQuery(vendorId));
};
