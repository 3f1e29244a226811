import type { ReviewerOpportunity } from '@shared/reviewer-schemas';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import {
  hasAutoRedirected,
  markAutoRedirected,
  useViewerState,
} from './api/reviewer-opportunity-queries';

/**
 * SPEC.md section 2: on the list's first load in a browser session, a reviewer whose last viewed
 * opportunity is still listed and not done is taken to it, once. The flag is set as soon as the
 * decision is made, so a reviewer who stays on the list is not sent away on a later visit.
 */
export function useAutoRedirect(opportunities: ReviewerOpportunity[] | undefined): void {
  const [, navigate] = useLocation();
  const [isPending] = useState(() => !hasAutoRedirected());
  const viewerState = useViewerState({ enabled: isPending });

  useEffect(() => {
    if (!isPending || hasAutoRedirected()) return;
    if (viewerState.isError) {
      markAutoRedirected();
      return;
    }
    if (!opportunities || !viewerState.data) return;
    markAutoRedirected();
    const lastId = viewerState.data.lastOpportunityId;
    const last = opportunities.find((o) => o.id === lastId);
    if (last && last.reviewStatus !== 'done') navigate(`/reviewer/opportunities/${last.id}`);
  }, [isPending, opportunities, viewerState.data, viewerState.isError, navigate]);
}
