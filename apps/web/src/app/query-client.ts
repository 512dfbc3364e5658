import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api';

/** The one query client: loaders and components share its cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => count < 1 && !(isApiError(error) && error.status > 0 && error.status < 500),
    },
    mutations: { retry: false },
  },
});
