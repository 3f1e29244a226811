import { useReviewerSearch } from '@web/components/layout/reviewer-search';
import { useReviewClock } from '@web/features/reviewer-workspace/api/reviewer-workspace-queries';
import { OpportunityList } from '@web/features/reviewer-workspace/components/opportunity-list';
import { ReviewClockNotice } from '@web/features/reviewer-workspace/components/review-clock-notice';

export function OpportunitiesPage() {
  const [search, setSearch] = useReviewerSearch();
  const reviewClock = useReviewClock();
  return (
    <div className="space-y-6">
      <ReviewClockNotice {...reviewClock} />
      <OpportunityList search={search} onSearchChange={setSearch} />
    </div>
  );
}
