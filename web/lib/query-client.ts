import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/** SPEC.md section 7's data-fetching defaults: no retry, no refetch on focus, no polling, never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

/** The application's client (tests build their own with createQueryClient). */
export const queryClient = createQueryClient();
