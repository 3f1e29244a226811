import type { CurrentUser } from '@shared/auth-schemas';
import { homePathFor, type Role } from '@shared/sign-in';
import { useCurrentUser } from '@web/features/auth/api/auth-queries';
import type { ReactNode } from 'react';
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
  if (isPending) return <FullPageLoading />;
  if (!user) return <Redirect to="/login" replace />;
  if (user.role !== requiredRole) return <Redirect to={homePathFor(user.role)} replace />;
  return <>{children(user)}</>;
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
