import type { DecisionPanel } from '@shared/decision-schemas';
import { PageHeader } from '@web/components/layout/page-header';
import { BackLink } from '@web/components/layout/page-links';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { ErrorCard, LoadingCards } from '@web/components/ui/card-states';
import { RegionCard } from '@web/components/ui/region-card';
import { isApiError } from '@web/lib/api-client';
import Send from 'lucide-react/icons/send';
import { type ReactNode, useState } from 'react';
import { useDecisionPanel } from '../api/decision-queries';
import { DecisionForm, InForce } from './decision-form';
import { DecisionHistory } from './decision-history';
import { EvidenceComparison, EvidenceNow } from './evidence-comparison';
import { LetterEditor } from './letter-editor';
import { LetterPreview } from './letter-preview';
import { ReleaseDialog } from './release-dialog';

const STATUS_WORDS = { draft: 'Draft', published: 'Published', archived: 'Archived' } as const;

function BackToDecisions() {
  return <BackLink href="/admin/results/decisions">Decisions</BackLink>;
}

type DiscussionSlots = {
  /** The discussion's summary while it is resolved: the form offers it as the rationale. */
  discussionSummary?: string | null;
  /** The discussion panel (issue 36), composed by the page: shown below the letter. */
  discussion?: ReactNode;
};

function PanelBody({
  panel,
  discussionSummary = null,
  discussion,
}: { panel: DecisionPanel } & DiscussionSlots) {
  const { opportunity } = panel;
  const [isReleasing, setIsReleasing] = useState(false);
  const hasDecision = Boolean(panel.draft || panel.released);
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <BackToDecisions />
        <PageHeader
          title={`Decision #${opportunity.number}`}
          subtitle={
            <>
              {opportunity.title} · {STATUS_WORDS[opportunity.status]} · Owner:{' '}
              {opportunity.ownerEmail
                ? `${opportunity.ownerName ?? ''} <${opportunity.ownerEmail}>`.trim()
                : 'no owner email (no letter can be sent)'}
            </>
          }
          actions={
            panel.draft ? (
              <Button onClick={() => setIsReleasing(true)}>
                <Send aria-hidden="true" />
                Release this draft
              </Button>
            ) : undefined
          }
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <RegionCard title="Decision" description="A draft changes nothing until it is released">
          <InForce panel={panel} />
          <DecisionForm
            key={panel.draft?.id ?? 'none'}
            panel={panel}
            discussionSummary={discussionSummary}
          />
        </RegionCard>
        <RegionCard
          title="Evidence"
          description="The figures each decision was set on, beside today's; changed ones are highlighted"
        >
          {hasDecision ? (
            <EvidenceComparison panel={panel} />
          ) : (
            <EvidenceNow evidence={panel.evidenceNow} />
          )}
        </RegionCard>
      </div>
      <RegionCard title="History" description="Every revision, newest first">
        <DecisionHistory history={panel.history} />
      </RegionCard>
      <div className="grid gap-6 xl:grid-cols-2">
        <RegionCard title="Letter" description="What the owner's letter says beside the outcome">
          <LetterEditor opportunityId={opportunity.id} />
        </RegionCard>
        <RegionCard title="Preview" description="Exactly what the owner would receive">
          <LetterPreview opportunityId={opportunity.id} hasDecision={hasDecision} />
        </RegionCard>
      </div>
      {discussion}
      <ReleaseDialog
        open={isReleasing}
        ids={[opportunity.id]}
        onClose={() => setIsReleasing(false)}
      />
    </div>
  );
}

/** One opportunity's decision (issue 35): draft, the one in force, evidence, history and letter. */
export function DecisionPanelView({
  opportunityId,
  ...slots
}: { opportunityId: string } & DiscussionSlots) {
  const panel = useDecisionPanel(opportunityId);
  if (isApiError(panel.error, 404)) {
    return (
      <div className="space-y-4">
        <BackToDecisions />
        <PageHeader title="Decision" />
        <Card role="alert">
          <CardContent className="py-8 text-center">
            <p className="font-semibold">Opportunity not found</p>
            <p className="text-sm text-muted-foreground">It may have been deleted.</p>
          </CardContent>
        </Card>
      </div>
    );
  }
  if (panel.isError) {
    return (
      <div className="space-y-4">
        <PageHeader title="Decision" />
        <ErrorCard
          title="Error Loading Decision"
          message={panel.error.message}
          onRetry={() => void panel.refetch()}
        />
      </div>
    );
  }
  if (!panel.data) {
    return (
      <div className="space-y-4">
        <PageHeader title="Decision" />
        <LoadingCards label="Loading the decision" bodyHeight="h-32" />
      </div>
    );
  }
  return <PanelBody panel={panel.data} {...slots} />;
}
