import { AdminDashboard } from '@web/features/admin-dashboard/components/admin-dashboard';

export function DashboardPage() {
  return <AdminDashboard />;
}
