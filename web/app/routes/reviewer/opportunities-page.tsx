import { useReviewerSearch } from '@web/components/layout/reviewer-search';
import { OpportunityList } from '@web/features/reviewer-workspace/components/opportunity-list';

export function OpportunitiesPage() {
  const [search, setSearch] = useReviewerSearch();
  return <OpportunityList search={search} onSearchChange={setSearch} />;
}
