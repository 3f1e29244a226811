import type { ResultReviewer } from '@shared/results-schemas';
import { RegionCard } from '@web/components/ui/region-card';
import { TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { WindowedTableBody, windowedRowCount } from '@web/components/ui/windowed-table-body';
import { memo } from 'react';
import { formatAgreement, formatOffset, REVIEWER_FLAG_LABELS } from '../lib/results-data';
import { FlagBadges } from './flag-badges';
import { HelpList } from './help-list';
import { ScrollTable } from './scroll-table';

function offsetWords(offset: number | null): string | null {
  if (offset === null) return 'no reviews';
  if (Math.abs(offset) < 0.005) return 'in line with the panel';
  return offset > 0 ? 'scores above the panel' : 'scores below the panel';
}

function agreementWords(reviewer: ResultReviewer): string | null {
  if (reviewer.agreement !== null) return `over ${reviewer.sharedCount} shared`;
  return reviewer.sharedCount < 3 ? 'fewer than 3 shared' : 'no variation';
}

const reviewerKey = (reviewer: ResultReviewer) => reviewer.id;

function CalibrationRow({
  reviewer,
  ariaRowIndex,
}: {
  reviewer: ResultReviewer;
  ariaRowIndex: number | undefined;
}) {
  return (
    <TableRow aria-rowindex={ariaRowIndex}>
      <th scope="row" className="max-w-56 truncate px-3 py-2.5 text-left font-medium">
        {reviewer.name}
      </th>
      <TableCell data-label="Reviews" className="text-right tabular-nums max-sm:col-span-3">
        {reviewer.reviewCount}
      </TableCell>
      <TableCell data-label="Offset" className="text-right tabular-nums max-sm:col-span-4">
        <span className="inline-flex flex-col items-end leading-tight max-sm:items-start">
          <span>{formatOffset(reviewer.offset)}</span>
          <span className="text-xs text-muted-foreground">{offsetWords(reviewer.offset)}</span>
        </span>
      </TableCell>
      <TableCell data-label="Agreement" className="text-right tabular-nums max-sm:col-span-5">
        <span className="inline-flex flex-col items-end leading-tight max-sm:items-start">
          <span>{formatAgreement(reviewer.agreement)}</span>
          <span className="text-xs text-muted-foreground">{agreementWords(reviewer)}</span>
        </span>
      </TableCell>
      <TableCell data-label="Flags">
        <FlagBadges labels={reviewer.flags.map((flag) => REVIEWER_FLAG_LABELS[flag])} />
      </TableCell>
    </TableRow>
  );
}

/**
 * Per active reviewer: reviews, offset (positive = lenient), agreement with the panel, flags.
 * Memoised (the reviewers do not change with the ranking's basis), and a panel of more than
 * WINDOW_FROM_ROWS reviewers draws only the rows near the viewport.
 */
export const ReviewerCalibrationTable = memo(function ReviewerCalibrationTable({
  reviewers,
}: {
  reviewers: ResultReviewer[];
}) {
  return (
    <RegionCard
      title="Reviewer Calibration"
      description="Who scores higher or lower than the rest of the panel, and who follows it"
    >
      {reviewers.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No active reviewers</p>
      ) : (
        <ScrollTable
          caption="Reviewers with their offset and agreement"
          className="min-w-[36rem]"
          rowCount={windowedRowCount(reviewers.length)}
          phoneCards
        >
          <TableHeader>
            <TableRow>
              <TableHead>Reviewer</TableHead>
              <TableHead className="text-right">Reviews</TableHead>
              <TableHead className="text-right">Offset</TableHead>
              <TableHead className="text-right">Agreement</TableHead>
              <TableHead>Flags</TableHead>
            </TableRow>
          </TableHeader>
          <WindowedTableBody
            rows={reviewers}
            keyOf={reviewerKey}
            columns={5}
            renderRow={(reviewer, ariaRowIndex) => (
              <CalibrationRow reviewer={reviewer} ariaRowIndex={ariaRowIndex} />
            )}
          />
        </ScrollTable>
      )}
      <HelpList
        items={[
          {
            term: 'Offset',
            text: 'How many points (on the 1-5 scale) this reviewer scores above (+) or below (-) the rest of the panel for opportunities of the same quality. The calibrated composite takes it out. A reviewer with few reviews is barely corrected.',
          },
          {
            term: 'Agreement',
            text: 'How closely this reviewer rates the same opportunities higher or lower as the other reviewers do, from -1 (the opposite) through 0 (no relation) to 1 (the same order). Shown once a reviewer shares 3 opportunities with others.',
          },
          {
            term: 'Lenient / Harsh',
            text: 'The offset is at least half a point above (lenient) or below (harsh) the panel.',
          },
          {
            term: 'Out of line',
            text: 'Agreement below 0.2 over at least 5 shared opportunities: this reviewer sees the opportunities differently from everyone else; worth a conversation.',
          },
        ]}
      />
    </RegionCard>
  );
});
