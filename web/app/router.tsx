import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { FullPageLoading } from './full-page-status';
import { HomeRedirect, RequireRole, RequireVisitor } from './guards';

/** React.lazy for a module's named export (files are named after their main export). */
function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

// The shells load with the first page of their area, so /login downloads neither.
const AdminLayout = lazyPage(() => import('./layouts/admin-layout'), 'AdminLayout');
const ReviewerLayout = lazyPage(() => import('./layouts/reviewer-layout'), 'ReviewerLayout');
const LoginPage = lazyPage(() => import('./routes/login-page'), 'LoginPage');
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'), 'NotFoundPage');
const InvitePage = lazyPage(() => import('./routes/invite-page'), 'InvitePage');
const DashboardPage = lazyPage(() => import('./routes/admin/dashboard-page'), 'DashboardPage');
const ReviewersPage = lazyPage(() => import('./routes/admin/reviewers-page'), 'ReviewersPage');
const AdminOpportunitiesPage = lazyPage(
  () => import('./routes/admin/opportunities-page'),
  'OpportunitiesPage',
);
const AnalyticsPage = lazyPage(() => import('./routes/admin/analytics-page'), 'AnalyticsPage');
const ExportsPage = lazyPage(() => import('./routes/admin/exports-page'), 'ExportsPage');
const ReviewerOpportunitiesPage = lazyPage(
  () => import('./routes/reviewer/opportunities-page'),
  'OpportunitiesPage',
);
const OpportunityDetailPage = lazyPage(
  () => import('./routes/reviewer/opportunity-detail-page'),
  'OpportunityDetailPage',
);

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
        <Route path="/admin/exports">
          <AdminArea>
            <ExportsPage />
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
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
