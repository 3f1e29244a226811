import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { authKeys } from '@web/features/auth/api/auth-keys';
import { getQueryFn, isApiError } from './api-client';

/**
 * SPEC.md section 7's data-fetching defaults: no retry, no refetch on focus, no polling, never
 * stale. Any call refused with 403 (an account deactivated while signed in) asks for the current
 * user again: that answers 403 too, the user becomes nobody, and the guards send them to /login,
 * which says why (auth-queries).
 */
export function createQueryClient(): QueryClient {
  const recheckUserOn403 = (error: unknown) => {
    if (isApiError(error, 403)) {
      void client.invalidateQueries({ queryKey: authKeys.currentUser(), exact: true });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: recheckUserOn403 }),
    mutationCache: new MutationCache({ onError: recheckUserOn403 }),
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
  return client;
}

/** The application's client (tests build their own with createQueryClient). */
export const queryClient = createQueryClient();
