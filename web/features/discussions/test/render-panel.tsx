import type { DiscussionPerson, DiscussionThread } from '@shared/discussion-schemas';
import { render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '@web/app/providers';
import { createQueryClient } from '@web/lib/query-client';
import { fakeDiscussionServer } from '@web/test/fake-discussion-server';
import {
  adminUser,
  type FakeRequest,
  type FakeResponse,
  reviewerUser,
  stubSession,
} from '@web/test/fake-server';
import { expect } from 'vitest';
import type { ViewerRole } from '../components/discussion-post-item';
import { DiscussionThreadPanel } from '../components/discussion-thread-panel';

export const OPPORTUNITY_ID = '10000000-0000-4000-8000-000000000777';

/**
 * The panel on its own (real QueryClient, the fake discussion calls behind `fetch`) for `role`,
 * over `thread`; `intercept` answers first (a failure, a delay).
 */
export function renderPanel({
  thread,
  role = 'reviewer',
  me,
  intercept,
  onSummaryChange,
}: {
  thread: DiscussionThread | null;
  role?: ViewerRole;
  me?: DiscussionPerson;
  intercept?: (request: FakeRequest) => FakeResponse | undefined;
  onSummaryChange?: (summary: string | null) => void;
}) {
  const server = fakeDiscussionServer({
    threads: thread ? [thread] : [],
    isAdmin: role === 'admin',
    me,
  });
  const requests = stubSession(
    role === 'admin' ? adminUser : reviewerUser,
    (request) => intercept?.(request) ?? server.handle(request),
  );
  const queryClient = createQueryClient();
  const ui = () => (
    <AppProviders queryClient={queryClient}>
      <DiscussionThreadPanel
        opportunityId={thread?.opportunityId ?? OPPORTUNITY_ID}
        role={role}
        onSummaryChange={onSummaryChange}
      />
    </AppProviders>
  );
  const view = render(ui());
  let current = view;
  return {
    ...view,
    server,
    requests,
    queryClient,
    /** Unmounts and mounts the panel again on the same cache (a page left and opened again). */
    remount: () => {
      current.unmount();
      current = render(ui());
      return current;
    },
    calls: (method: string) => requests.filter((r) => r.method === method),
  };
}

/** The panel once its thread is drawn (an admin's loading state gone). */
export async function panel() {
  await waitFor(() =>
    expect(screen.queryByRole('status', { name: 'Loading the discussion' })).toBeNull(),
  );
  return screen.findByRole('region', { name: 'Discussion' });
}
