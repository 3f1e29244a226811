import type { ReviewerOpportunity } from '@shared/reviewer-schemas';
import { hasAutoRedirected, markAutoRedirected } from '@web/lib/auto-redirect-flag';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useViewerState } from '../api/reviewer-workspace-queries';

/**
 * SPEC.md section 2: on the list's first load in a browser session, a reviewer whose last viewed
 * opportunity is still listed and not done is taken to it, once. The flag is set as soon as the
 * decision is made, so a reviewer who stays on the list is not sent away on a later visit.
 * Returns true while that decision is pending, so the list does not flash before a redirect.
 */
export function useAutoRedirect(opportunities: ReviewerOpportunity[] | undefined): boolean {
  const [, navigate] = useLocation();
  const [isDeciding, setIsDeciding] = useState(() => !hasAutoRedirected());
  const viewerState = useViewerState({ enabled: isDeciding });

  useEffect(() => {
    if (!isDeciding) return;
    if (hasAutoRedirected() || viewerState.isError) {
      markAutoRedirected();
      setIsDeciding(false);
      return;
    }
    if (!opportunities || !viewerState.data) return;
    markAutoRedirected();
    const lastId = viewerState.data.lastOpportunityId;
    const last = opportunities.find((o) => o.id === lastId);
    if (last && last.reviewStatus !== 'done') navigate(`/reviewer/opportunities/${last.id}`);
    else setIsDeciding(false);
  }, [isDeciding, opportunities, viewerState.data, viewerState.isError, navigate]);

  return isDeciding;
}
