import type { Role } from '@shared/sign-in';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@web/features/auth/api/auth-queries';

export type PageNeeds = {
  /** The role the page is for: its data is fetched only for a user of that role. */
  role: Role;
  /** The page's code (its shell first), as the router's lazy imports load it. */
  code: Array<() => Promise<unknown>>;
  /** Query keys (GET paths for the default fetcher) of what its first screen shows. */
  data: QueryKey[];
};

/**
 * A first visit asks for everything its page needs at once: the page's code together with the
 * current user, and the page's data as soon as the user is known to be of the page's role.
 * Otherwise each waits for the one before (user, then shell code, then page code, then data, then
 * the image the data names): on a phone each step is a round trip. The page's own queries then
 * find their data in the cache (or in flight); a visitor or a user of the other role fetches no
 * data and is redirected as before.
 */
export function preloadFirstPage(queryClient: QueryClient, needs: PageNeeds | undefined): void {
  if (!needs) return;
  for (const load of needs.code) {
    // A failure is reported where the page renders, by the router's import of the same module.
    load().catch(() => {});
  }
  void queryClient
    .fetchQuery(currentUserQueryOptions)
    .then((user) => {
      if (user?.role !== needs.role) return;
      for (const queryKey of needs.data) void queryClient.prefetchQuery({ queryKey });
    })
    .catch(() => {});
}
