import { useReviewerSearch } from '@web/components/layout/reviewer-search';
import { MeetingBanner } from '@web/features/meeting/components/meeting-banner';
import {
  useReviewClock,
  useReviewerOpportunities,
} from '@web/features/reviewer-workspace/api/reviewer-workspace-queries';
import { OpportunityList } from '@web/features/reviewer-workspace/components/opportunity-list';
import { ReviewClockNotice } from '@web/features/reviewer-workspace/components/review-clock-notice';

export function OpportunitiesPage() {
  const [search, setSearch] = useReviewerSearch();
  const reviewClock = useReviewClock();
  // The meeting is asked for once the list has answered, so it never holds the list up.
  const { isPending: isListPending } = useReviewerOpportunities();
  return (
    <div className="space-y-6">
      <ReviewClockNotice {...reviewClock} />
      <MeetingBanner enabled={!isListPending} />
      <OpportunityList search={search} onSearchChange={setSearch} />
    </div>
  );
}
