import { render } from '@testing-library/react';
import { AppProviders } from '@web/app/providers';
import { AppRoutes } from '@web/app/router';
import { createQueryClient } from '@web/lib/query-client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/** Renders the whole app (real router, real QueryClient, or the one given) at `path` in memory. */
export function renderApp(path: string, { queryClient = createQueryClient() } = {}) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <Router hook={location.hook}>
        <AppRoutes />
      </Router>
    </AppProviders>,
  );
  return {
    ...view,
    queryClient,
    location,
    /** The current path (the last entry of the memory history). */
    currentPath: () => location.history.at(-1),
  };
}
