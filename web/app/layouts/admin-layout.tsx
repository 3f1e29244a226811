import type { CurrentUser } from '@shared/auth-schemas';
import { AdminShell } from '@web/components/layout/admin-shell';
import { useLogout } from '@web/features/auth/api/auth-queries';
import { type ReactNode, Suspense } from 'react';
import { PageLoading } from '../full-page-status';

export function AdminLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const logout = useLogout();
  return (
    <AdminShell user={user} onLogout={() => logout.mutate()} isLoggingOut={logout.isPending}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </AdminShell>
  );
}
