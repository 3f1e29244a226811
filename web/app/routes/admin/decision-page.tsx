import { DecisionPanelView } from '@web/features/decisions/components/decision-panel-view';
import { DiscussionPanelSlot } from '@web/features/discussions/components/discussion-panel-slot';
import { useState } from 'react';

/**
 * One opportunity's decision, and below it the panel's discussion of it (issue 36), whose summary
 * (once resolved) the decision form offers as the rationale.
 */
function DecisionWithDiscussion({ id }: { id: string }) {
  const [summary, setSummary] = useState<string | null>(null);
  const discussion = (
    // biome-ignore lint/a11y/useValidAriaRole: the viewer's role (admin), not an ARIA role.
    <DiscussionPanelSlot opportunityId={id} role="admin" onSummaryChange={setSummary} />
  );
  return (
    <DecisionPanelView opportunityId={id} discussionSummary={summary} discussion={discussion} />
  );
}

export function DecisionPage({ id }: { id: string }) {
  return <DecisionWithDiscussion key={id} id={id} />;
}
