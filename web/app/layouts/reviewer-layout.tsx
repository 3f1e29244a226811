import type { CurrentUser } from '@shared/auth-schemas';
import { ReviewerSearchProvider, useReviewerSearch } from '@web/components/layout/reviewer-search';
import { ReviewerShell } from '@web/components/layout/reviewer-shell';
import { useLogout } from '@web/features/auth/api/auth-queries';
import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'wouter';
import { PageLoading } from '../full-page-status';

const LIST_PATH = '/reviewer/opportunities';

export function ReviewerLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <ReviewerSearchProvider>
      <ReviewerFrame user={user}>{children}</ReviewerFrame>
    </ReviewerSearchProvider>
  );
}

function ReviewerFrame({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const logout = useLogout();
  const [search, setSearch] = useReviewerSearch();
  const [location, navigate] = useLocation();
  return (
    <ReviewerShell
      user={user}
      onLogout={() => logout.mutate()}
      isLoggingOut={logout.isPending}
      search={search}
      onSearchChange={(value) => {
        setSearch(value);
        // Searching from a detail page shows the filtered list.
        if (location !== LIST_PATH) navigate(LIST_PATH);
      }}
    >
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </ReviewerShell>
  );
}
