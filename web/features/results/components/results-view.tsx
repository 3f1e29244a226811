import type { Results } from '@shared/results-schemas';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent } from '@web/components/ui/card';
import { ErrorCard, LoadingCards } from '@web/components/ui/card-states';
import { RadioButtonGroup } from '@web/components/ui/radio-button-group';
import { RegionCard } from '@web/components/ui/region-card';
import { formatCount } from '@web/lib/format-count';
import { useDeferredData } from '@web/lib/use-deferred-data';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import { memo, useDeferredValue, useId, useMemo, useState } from 'react';
import { resultsQuery } from '../api/results-queries';
import { RANKING_BASES, type RankingBasis, rankedRows } from '../lib/results-data';
import { DiscussionQueue } from './discussion-queue';
import { HelpList } from './help-list';
import { RankIntervalChart } from './rank-interval-chart';
import { useRankingDecisions } from './ranking-decisions';
import { RankingTable } from './ranking-table';
import { ReliabilityCard } from './reliability-card';
import { ReviewerCalibrationTable } from './reviewer-calibration-table';

function NoReviews() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <ClipboardList aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-lg font-semibold">No reviews yet</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          The ranking, its confidence and the panel's reliability appear here once reviewers have
          scored published opportunities.
        </p>
      </CardContent>
    </Card>
  );
}

function rankingHelp(results: Results) {
  const percent = Math.round(results.meta.intervalLevel * 100);
  return [
    {
      term: 'Raw',
      text: "The plain average of the reviewers' composite scores (1-5), as on the dashboard and in analytics.",
    },
    {
      term: 'Calibrated',
      text: "The same average after taking out each reviewer's habit of scoring high or low, so an opportunity is neither helped nor hurt by who happened to review it.",
    },
    {
      term: 'Moved',
      text: 'How many places the opportunity sits higher (▲) or lower (▼) here than in the other ranking.',
    },
    {
      term: 'Rank interval',
      text: `"3 (2-6)" means ranked 3rd, and in ${percent}% of ${formatCount(results.meta.resamples)} re-runs with the reviews reshuffled it came between 2nd and 6th. When two intervals overlap, the two opportunities are not clearly different.`,
    },
    {
      term: 'SD',
      text: "How far the reviewers' composites spread around their average (standard deviation). Around 0.5 is usual; 1 or more means the reviewers see it very differently.",
    },
    { term: 'Reviews', text: 'How many active reviewers scored it.' },
    {
      term: 'Flags',
      text: 'Reasons to discuss it before deciding; the discussion queue below explains each.',
    },
  ];
}

// Memoised: a refetch's blocking update re-renders the view with the drawn answer, unchanged.
const ResultsBody = memo(function ResultsBody({
  results,
  newPosts,
}: {
  results: Results;
  newPosts: ReadonlyMap<string, number> | undefined;
}) {
  const [basis, setBasis] = useState<RankingBasis>('calibrated');
  // The switch shows the choice at once; the ranking and its intervals follow in a background
  // render (useDeferredValue): drawn in the click's task, the 50 re-ranked rows took 30 ms of
  // script and 14 ms of layout at 200 x 50 before the choice was painted (issue 17).
  const shown = useDeferredValue(basis);
  const switchLabelId = useId();
  const rows = useMemo(
    () => rankedRows(results.opportunities, shown),
    [results.opportunities, shown],
  );
  const decisions = useRankingDecisions(rows);
  const percent = Math.round(results.meta.intervalLevel * 100);
  return (
    <div className="space-y-6">
      <RegionCard
        title="Ranking"
        description="Published opportunities with at least one review, best first; unreviewed ones last"
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <span id={switchLabelId} className="text-sm font-medium">
              Rank by
            </span>
            <RadioButtonGroup
              aria-labelledby={switchLabelId}
              options={RANKING_BASES}
              value={basis}
              onValueChange={(value) => setBasis(value as RankingBasis)}
              shape="text"
              className="gap-1"
            />
          </div>
        }
      >
        {decisions.controls}
        <RankingTable
          rows={decisions.shownRows}
          basis={shown}
          decisions={decisions.columns}
          newPosts={newPosts}
        />
        <HelpList items={rankingHelp(results)} />
      </RegionCard>

      {/*
        Below the ranking: laid out when scrolled near (content-visibility), so that the first
        screen of a panel of 200 is not held up by 1,500 elements nobody sees yet (decision 0022).
        The intervals card stays outside, with only its bars skipped (RankIntervalChart): an
        input in a skipped part makes the browser lay all of it out anyway, in a task of its own
        after the first paint (decision 0026).
      */}
      <RegionCard
        title="Rank Intervals"
        description={`Where each opportunity could rank (${percent}% interval) in the ${shown} ranking: overlapping bars are not clearly different`}
      >
        <RankIntervalChart rows={rows} basis={shown} intervalLevel={results.meta.intervalLevel} />
      </RegionCard>

      <div className="space-y-6 [contain-intrinsic-size:auto_1600px] [content-visibility:auto]">
        <div className="grid gap-6 lg:grid-cols-2">
          <DiscussionQueue items={results.discussion} opportunities={results.opportunities} />
          <ReliabilityCard reliability={results.reliability} />
        </div>

        <ReviewerCalibrationTable reviewers={results.reviewers} />
      </div>
    </div>
  );
});

/**
 * The Results screen: ranking, rank intervals, discussion queue, reliability, reviewers. With
 * `newPosts` (issue 36), a title whose discussion has posts new to the admin carries a badge.
 */
export function ResultsView({ newPosts }: { newPosts?: ReadonlyMap<string, number> } = {}) {
  const results = useQuery(resultsQuery);
  // The badges arrive after the ranking: drawn in the background like the ranking itself.
  const drawnNewPosts = useDeferredValue(newPosts);
  const { data: drawn } = useDeferredData(results.data);
  if (results.isError) {
    return (
      <ErrorCard
        title="Error Loading Results"
        message={results.error?.message ?? 'Something went wrong'}
        onRetry={() => void results.refetch()}
      />
    );
  }
  // Drawn in a background render: the ranking, intervals and reviewer table of a panel of 200 are
  // 2,000 elements, one blocking task of a phone's main thread when drawn as the answer arrives.
  if (!drawn) return <LoadingCards label="Loading results" bodyHeight="h-48" />;
  if (drawn.meta.reviewCount === 0) return <NoReviews />;
  return <ResultsBody results={drawn} newPosts={drawnNewPosts} />;
}
