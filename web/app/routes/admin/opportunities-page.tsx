import { OpportunitiesScreen } from '@web/features/admin-opportunities/components/opportunities-screen';

export function OpportunitiesPage() {
  return <OpportunitiesScreen />;
}
