import type { CurrentUser } from '@shared/auth-schemas';
import { homePathFor, type Role } from '@shared/sign-in';
import { useCurrentUser } from '@web/features/auth/api/auth-queries';
import { type ReactNode, useDeferredValue } from 'react';
import { Redirect } from 'wouter';
import { FullPageLoading } from './full-page-status';

/**
 * Lets only `requiredRole` through: 'Loading...' while the current user loads, a visitor goes to
 * /login, a user of the other role to their own home.
 */
export function RequireRole({
  requiredRole,
  children,
}: {
  requiredRole: Role;
  children: (user: CurrentUser) => ReactNode;
}) {
  const { data: user, isPending } = useCurrentUser();
  // The answer to /api/auth/me reaches React as a blocking update; the shell and its page, the
  // largest render of a first visit, are drawn from this deferred copy in a background render
  // that React splits into slices, with 'Loading...' until it is ready. Later changes of the
  // user (a renamed account) draw in the background too; a visitor or another role is decided
  // on the answer itself. Not useDeferredData: a user already known at mount (after signing in)
  // is drawn at once.
  const shown = useDeferredValue(user);
  if (isPending) return <FullPageLoading />;
  if (!user) return <Redirect to="/login" replace />;
  if (user.role !== requiredRole) return <Redirect to={homePathFor(user.role)} replace />;
  if (shown?.role !== requiredRole) return <FullPageLoading />;
  return <>{children(shown)}</>;
}

/** `/`: each user to their home, a visitor to /login. */
export function HomeRedirect() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageLoading />;
  return <Redirect to={user ? homePathFor(user.role) : '/login'} replace />;
}

/** Renders its children for visitors only; a signed-in user goes home. */
export function RequireVisitor({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageLoading />;
  if (user) return <Redirect to={homePathFor(user.role)} replace />;
  return <>{children}</>;
}
