import { OpportunityList } from '@web/features/reviewer-opportunities/components/opportunity-list';
import { useReviewerSearch } from '@web/features/reviewer-search/reviewer-search';

export function OpportunitiesPage() {
  const [search, setSearch] = useReviewerSearch();
  return <OpportunityList search={search} onSearchChange={setSearch} />;
}
