import { dashboardKeys } from '@web/features/admin-dashboard/api/dashboard-keys';
import { opportunityKeys } from '@web/features/admin-opportunities/api/opportunity-keys';
import { reviewerKeys } from '@web/features/admin-reviewers/api/reviewer-keys';
import { assignmentKeys } from '@web/features/assignments/api/assignment-keys';
import { invitationKeys } from '@web/features/invitations/api/invitation-keys';
import { meetingKeys } from '@web/features/meeting/api/meeting-keys';
import { resultsKeys } from '@web/features/results/api/results-keys';
import { reviewerWorkspaceKeys } from '@web/features/reviewer-workspace/api/reviewer-workspace-keys';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { FullPageLoading } from './full-page-status';
import { HomeRedirect, RequireRole, RequireVisitor } from './guards';
import type { PageNeeds } from './preload';

/** React.lazy for a module's named export (files are named after their main export). */
function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

// The shells load with the first page of their area, so /login downloads neither.
const code = {
  adminLayout: () => import('./layouts/admin-layout'),
  reviewerLayout: () => import('./layouts/reviewer-layout'),
  dashboard: () => import('./routes/admin/dashboard-page'),
  reviewers: () => import('./routes/admin/reviewers-page'),
  adminOpportunities: () => import('./routes/admin/opportunities-page'),
  analytics: () => import('./routes/admin/analytics-page'),
  results: () => import('./routes/admin/results-page'),
  exports: () => import('./routes/admin/exports-page'),
  assignments: () => import('./routes/admin/assignments-page'),
  decisions: () => import('./routes/admin/decisions-page'),
  decision: () => import('./routes/admin/decision-page'),
  adminMeeting: () => import('./routes/admin/meeting-page'),
  reviewerOpportunities: () => import('./routes/reviewer/opportunities-page'),
  opportunityDetail: () => import('./routes/reviewer/opportunity-detail-page'),
  reviewerMeeting: () => import('./routes/reviewer/meeting-page'),
};
const AdminLayout = lazyPage(code.adminLayout, 'AdminLayout');
const ReviewerLayout = lazyPage(code.reviewerLayout, 'ReviewerLayout');
const LoginPage = lazyPage(() => import('./routes/login-page'), 'LoginPage');
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'), 'NotFoundPage');
const InvitePage = lazyPage(() => import('./routes/invite-page'), 'InvitePage');
const DashboardPage = lazyPage(code.dashboard, 'DashboardPage');
const ReviewersPage = lazyPage(code.reviewers, 'ReviewersPage');
const AdminOpportunitiesPage = lazyPage(code.adminOpportunities, 'OpportunitiesPage');
const AnalyticsPage = lazyPage(code.analytics, 'AnalyticsPage');
const ResultsPage = lazyPage(code.results, 'ResultsPage');
const ExportsPage = lazyPage(code.exports, 'ExportsPage');
const AssignmentsPage = lazyPage(code.assignments, 'AssignmentsPage');
const DecisionsPage = lazyPage(code.decisions, 'DecisionsPage');
const DecisionPage = lazyPage(code.decision, 'DecisionPage');
const AdminMeetingPage = lazyPage(code.adminMeeting, 'MeetingPage');
const ReviewerOpportunitiesPage = lazyPage(code.reviewerOpportunities, 'OpportunitiesPage');
const OpportunityDetailPage = lazyPage(code.opportunityDetail, 'OpportunityDetailPage');
const ReviewerMeetingPage = lazyPage(code.reviewerMeeting, 'MeetingPage');

const adminPages: Record<string, PageNeeds['code'][number]> = {
  '/admin/dashboard': code.dashboard,
  '/admin/reviewers': code.reviewers,
  '/admin/opportunities': code.adminOpportunities,
  '/admin/analytics': code.analytics,
  '/admin/results': code.results,
  '/admin/exports': code.exports,
  '/admin/assignments': code.assignments,
  '/admin/results/decisions': code.decisions,
  '/admin/meeting': code.adminMeeting,
};

/** The path as wouter matches it (and so as a page receives its parameters). */
function decodedLikeTheRouter(pathname: string): string {
  try {
    return pathname.includes('%') ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}

/** The GET paths an admin page's first screen reads, where it is worth fetching with the user. */
function adminPageData(pathname: string): PageNeeds['data'] {
  if (pathname === '/admin/dashboard') {
    return [
      dashboardKeys.stats(),
      dashboardKeys.topOpportunities(),
      // Written out: the settings keys' modules carry zod, which /login (this chunk) does
      // without; preload.test.tsx checks they are the keys the page reads. The spec's switch
      // and the two comment settings beside it (issue 38).
      dashboardKeys.setting('show_reviewer_comments'),
      dashboardKeys.setting('reviewer_comments_after_own_review'),
      dashboardKeys.setting('show_reviewer_names'),
    ];
  }
  // One call computes the whole screen (bootstrap included): start it with the user.
  if (pathname === '/admin/results') return [resultsKeys.results()];
  // The agenda, and Results for the suggested queue's titles and what can be added.
  if (pathname === '/admin/meeting') return [meetingKeys.admin(), resultsKeys.results()];
  if (pathname === '/admin/assignments') {
    return [assignmentKeys.mode(), assignmentKeys.board(), assignmentKeys.conflicts()];
  }

  // The lists (issue 17: 200 reviewers are 50 KB): started with the user, not after the page's
  // code; the pending invitations are the reviewers page's too.
  if (pathname === '/admin/reviewers') return [reviewerKeys.list(), invitationKeys.pending()];
  if (pathname === '/admin/opportunities') return [opportunityKeys.list()];
  return [];
}

/**
 * What the page at `pathname` needs on a first visit (see preload.ts): its shell and page code,
 * and the GET paths (= query keys) its first screen reads. web/app/preload.test.tsx checks that
 * the page asks for exactly these keys, so a page that reads other data fails there.
 */
export function firstPageNeeds(location: string): PageNeeds | undefined {
  const pathname = decodedLikeTheRouter(location);
  const adminPage = adminPages[pathname];
  if (adminPage) {
    return { role: 'admin', code: [code.adminLayout, adminPage], data: adminPageData(pathname) };
  }
  if (/^\/admin\/results\/decisions\/[^/]+$/.test(pathname)) {
    return { role: 'admin', code: [code.adminLayout, code.decision], data: [] };
  }
  if (pathname === '/reviewer/opportunities') {
    return {
      role: 'reviewer',
      code: [code.reviewerLayout, code.reviewerOpportunities],
      data: [reviewerWorkspaceKeys.list()],
    };
  }
  if (pathname === '/reviewer/meeting') {
    return {
      role: 'reviewer',
      code: [code.reviewerLayout, code.reviewerMeeting],
      data: [meetingKeys.view()],
    };
  }
  const detail = /^\/reviewer\/opportunities\/([^/]+)$/.exec(pathname);
  if (detail) {
    return {
      role: 'reviewer',
      code: [code.reviewerLayout, code.opportunityDetail],
      data: [reviewerWorkspaceKeys.detail(detail[1]!), reviewerWorkspaceKeys.list()],
    };
  }
  return undefined;
}

function AdminArea({ children }: { children: ReactNode }) {
  return (
    <RequireRole requiredRole="admin">
      {(user) => <AdminLayout user={user}>{children}</AdminLayout>}
    </RequireRole>
  );
}

function ReviewerArea({ children }: { children: ReactNode }) {
  return (
    <RequireRole requiredRole="reviewer">
      {(user) => <ReviewerLayout user={user}>{children}</ReviewerLayout>}
    </RequireRole>
  );
}

/**
 * The route table of SPEC.md section 2. Every admin route renders AdminArea at the same place
 * (and every reviewer route ReviewerArea), so the shell stays mounted between its pages.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoading />}>
      <Switch>
        <Route path="/">
          <HomeRedirect />
        </Route>
        <Route path="/login">
          <RequireVisitor>
            <LoginPage />
          </RequireVisitor>
        </Route>
        {/* Open to everyone: a signed-in user may hold someone's invitation link too. */}
        <Route path="/invite/:token">{(params) => <InvitePage token={params.token} />}</Route>
        <Route path="/admin/dashboard">
          <AdminArea>
            <DashboardPage />
          </AdminArea>
        </Route>
        <Route path="/admin/reviewers">
          <AdminArea>
            <ReviewersPage />
          </AdminArea>
        </Route>
        <Route path="/admin/opportunities">
          <AdminArea>
            <AdminOpportunitiesPage />
          </AdminArea>
        </Route>
        <Route path="/admin/analytics">
          <AdminArea>
            <AnalyticsPage />
          </AdminArea>
        </Route>
        <Route path="/admin/results">
          <AdminArea>
            <ResultsPage />
          </AdminArea>
        </Route>
        <Route path="/admin/exports">
          <AdminArea>
            <ExportsPage />
          </AdminArea>
        </Route>
        <Route path="/admin/assignments">
          <AdminArea>
            <AssignmentsPage />
          </AdminArea>
        </Route>
        <Route path="/admin/results/decisions">
          <AdminArea>
            <DecisionsPage />
          </AdminArea>
        </Route>
        <Route path="/admin/results/decisions/:id">
          {(params) => (
            <AdminArea>
              <DecisionPage id={params.id} />
            </AdminArea>
          )}
        </Route>
        <Route path="/admin/meeting">
          <AdminArea>
            <AdminMeetingPage />
          </AdminArea>
        </Route>
        <Route path="/reviewer/opportunities">
          <ReviewerArea>
            <ReviewerOpportunitiesPage />
          </ReviewerArea>
        </Route>
        <Route path="/reviewer/opportunities/:id">
          {(params) => (
            <ReviewerArea>
              <OpportunityDetailPage id={params.id} />
            </ReviewerArea>
          )}
        </Route>
        <Route path="/reviewer/meeting">
          <ReviewerArea>
            <ReviewerMeetingPage />
          </ReviewerArea>
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
