import type { DiscussionItem, DiscussionReason, ResultOpportunity } from '@shared/results-schemas';
import { Badge } from '@web/components/ui/badge';
import { RegionCard } from '@web/components/ui/region-card';
import { DISCUSSION_REASON_LABELS, formatScore } from '../lib/results-data';
import { HelpList } from './help-list';

/** The evidence behind one reason, from the opportunity's own numbers. */
function reasonDetail(reason: DiscussionReason, opportunity: ResultOpportunity | undefined) {
  if (!opportunity) return null;
  switch (reason) {
    case 'disagreement':
      return `composites from ${formatScore(opportunity.min)} to ${formatScore(opportunity.max)}, SD ${formatScore(opportunity.sd)}`;
    case 'calibration-shift':
      return `raw rank ${opportunity.rawRank ?? '-'}, calibrated rank ${opportunity.calibratedRank ?? '-'}`;
    case 'uncertain-rank': {
      const interval = opportunity.calibratedRankInterval;
      return interval ? `could rank anywhere from ${interval.low} to ${interval.high}` : null;
    }
    case 'few-reviews':
      return `${opportunity.reviewCount} ${opportunity.reviewCount === 1 ? 'review' : 'reviews'}`;
  }
}

/** The opportunities to talk about before deciding, most decision-relevant first, with why. */
export function DiscussionQueue({
  items,
  opportunities,
}: {
  items: DiscussionItem[];
  opportunities: ResultOpportunity[];
}) {
  const byId = new Map(opportunities.map((opportunity) => [opportunity.id, opportunity]));
  return (
    <RegionCard
      title="Discussion Queue"
      description="Opportunities to talk through before a decision, most decision-relevant first"
    >
      {items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          No opportunity needs a discussion
        </p>
      ) : (
        <ol className="divide-y" aria-label="Opportunities to discuss">
          {items.map((item) => {
            const opportunity = byId.get(item.opportunityId);
            return (
              <li
                key={item.opportunityId}
                className="space-y-1.5 py-3"
                data-testid="discussion-item"
              >
                <p className="font-medium">
                  <span className="text-muted-foreground">#{item.number}</span> {item.title}
                </p>
                <ul className="space-y-1" aria-label="Reasons">
                  {item.reasons.map((reason) => {
                    const detail = reasonDetail(reason, opportunity);
                    return (
                      <li key={reason} className="flex flex-wrap items-center gap-2 text-sm">
                        <Badge variant="outline">{DISCUSSION_REASON_LABELS[reason]}</Badge>
                        {detail ? <span className="text-muted-foreground">{detail}</span> : null}
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
      <HelpList
        summary="Why is an opportunity here?"
        items={[
          {
            term: DISCUSSION_REASON_LABELS.disagreement,
            text: 'Its reviewers see it very differently: their composites spread by 1 point or more on average (SD), or lie 2 or more points apart.',
          },
          {
            term: DISCUSSION_REASON_LABELS['calibration-shift'],
            text: 'Taking out reviewer leniency and harshness moves it 5 or more places: its raw rank owes much to who reviewed it.',
          },
          {
            term: DISCUSSION_REASON_LABELS['uncertain-rank'],
            text: 'Its rank interval spans more than 10 places: the reviews do not pin down where it belongs.',
          },
          {
            term: DISCUSSION_REASON_LABELS['few-reviews'],
            text: 'One review or none: a single opinion decides its place.',
          },
        ]}
      />
    </RegionCard>
  );
}
