import type { MeetingItemView } from '@shared/discussion-schemas';
import type { DiscussionReason } from '@shared/results-schemas';
import { Badge } from '@web/components/ui/badge';

/**
 * What both meeting pages show of an item: its Results figures and its reasons to discuss.
 *
 * The admin's and the reviewers' meeting pages load this module with import(), each from its own
 * files, so it is a chunk of its own: imported by an admin page and a reviewer page it would join
 * the code every page downloads first (scripts/chunk-groups.ts, decision 0023).
 */

type MeetingFiguresValue = Extract<MeetingItemView, { kind: 'item' }>['figures'];

// Results' labels (web/features/results/lib/results-data.ts), which a feature cannot import.
const REASON_LABELS: Record<DiscussionReason, string> = {
  disagreement: 'Reviewers disagree',
  'calibration-shift': 'Calibration moves it',
  'uncertain-rank': 'Uncertain rank',
  'few-reviews': 'Fewer than 2 reviews',
};

/** The reasons as badges; nothing without any. */
export function ReasonBadges({ reasons, label }: { reasons: DiscussionReason[]; label: string }) {
  if (reasons.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {reasons.map((reason) => (
        <li key={reason}>
          <Badge variant="outline">{REASON_LABELS[reason]}</Badge>
        </li>
      ))}
    </ul>
  );
}

const twoDecimals = (value: number | null) => (value === null ? null : value.toFixed(2));

function rankText(figures: MeetingFiguresValue): string | null {
  const { calibratedRank: rank, calibratedRankInterval: interval } = figures;
  if (rank === null) return null;
  if (!interval || interval.low === interval.high) return `Rank ${rank}`;
  return `Rank ${rank}, likely ${interval.low} to ${interval.high}`;
}

function Figure({
  term,
  value,
  detail,
}: {
  term: string;
  value: string | null;
  detail?: string | null;
}) {
  return (
    <div className="space-y-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="text-lg font-semibold tabular-nums">
        {value ?? (
          <>
            <span aria-hidden="true">-</span>
            <span className="sr-only">None</span>
          </>
        )}
      </dd>
      {detail ? <dd className="text-xs text-muted-foreground">{detail}</dd> : null}
    </div>
  );
}

/** Reviews, mean and calibrated composite (with its rank interval), spread and flags. */
export function MeetingFigures({ figures }: { figures: MeetingFiguresValue }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
      <Figure term="Reviews" value={String(figures.reviewCount)} />
      <Figure term="Mean composite" value={twoDecimals(figures.rawComposite)} />
      <Figure
        term="Calibrated composite"
        value={twoDecimals(figures.calibratedComposite)}
        detail={rankText(figures)}
      />
      <Figure term="Spread (SD)" value={twoDecimals(figures.sd)} />
      <div className="col-span-full space-y-1">
        <dt className="text-xs font-medium text-muted-foreground">Flags</dt>
        <dd className="text-sm">
          {figures.flags.length > 0 ? (
            <ReasonBadges reasons={figures.flags} label="Flags" />
          ) : (
            'None'
          )}
        </dd>
      </div>
    </dl>
  );
}
