import { Button } from '@web/components/ui/button';
import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useReviewerOpportunities } from '../api/reviewer-workspace-queries';
import { neighboursOf } from '../lib/filter-opportunities';

/**
 * 'Back to Opportunities' and Previous/Next in list order. `beforeLeave` runs first (it saves
 * complete work); false keeps the reviewer here.
 */
export function OpportunityPager({
  opportunityId,
  beforeLeave,
}: {
  opportunityId: string;
  beforeLeave?: () => Promise<boolean>;
}) {
  const { data: opportunities } = useReviewerOpportunities();
  const { previous, next } = neighboursOf(opportunities, opportunityId);
  const [, navigate] = useLocation();
  // A ref, not the disabled attribute: disabling the focused button would drop keyboard focus.
  const isLeaving = useRef(false);

  const go = async (id: string) => {
    if (isLeaving.current) return;
    isLeaving.current = true;
    try {
      if (beforeLeave && !(await beforeLeave())) return;
      navigate(`/reviewer/opportunities/${id}`);
    } finally {
      isLeaving.current = false;
    }
  };

  return (
    <nav aria-label="Opportunity navigation" className="flex flex-wrap items-center gap-2">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link href="/reviewer/opportunities">
          <ArrowLeft aria-hidden="true" />
          Back to Opportunities
        </Link>
      </Button>
      <div className="ml-auto flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!previous}
          onClick={() => previous && void go(previous.id)}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!next}
          onClick={() => next && void go(next.id)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
