import type { Reliability, Results } from '@shared/results-schemas';
import { Badge, type BadgeVariant } from '@web/components/ui/badge';
import { RegionCard } from '@web/components/ui/region-card';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatAlpha, RELIABILITY_LABELS } from '../lib/results-data';
import { HelpList } from './help-list';
import { ScrollTable } from './scroll-table';

const READING_VARIANTS: Record<Reliability['reading'], BadgeVariant> = {
  reliable: 'success',
  tentative: 'secondary',
  unreliable: 'destructive',
  'not-enough-data': 'outline',
};

const CRITERIA: { key: keyof Results['reliability']['criteria']; label: string }[] = [
  { key: 'strategicAlignment', label: 'Strategic Alignment' },
  { key: 'sustainability', label: 'Sustainability' },
  { key: 'technologyReadiness', label: 'Technology Readiness' },
  { key: 'marketPotential', label: 'Market Potential' },
  { key: 'businessPotential', label: 'Business Potential' },
];

export function ReadingBadge({ reading }: { reading: Reliability['reading'] }) {
  return <Badge variant={READING_VARIANTS[reading]}>{RELIABILITY_LABELS[reading]}</Badge>;
}

const NOT_ENOUGH_DATA =
  'Not enough data: reliability needs at least two reviews of the same opportunity, and scores that are not all the same.';

/** Krippendorff's alpha of the composite, large, and of each criterion, with their readings. */
export function ReliabilityCard({ reliability }: { reliability: Results['reliability'] }) {
  const { composite } = reliability;
  return (
    <RegionCard
      title="Panel Reliability"
      description="How far the panel's scores can be trusted to tell opportunities apart"
    >
      <div className="flex flex-wrap items-baseline gap-3" data-testid="reliability-composite">
        <span className="text-3xl font-bold tabular-nums">{formatAlpha(composite.alpha)}</span>
        <ReadingBadge reading={composite.reading} />
        <span className="text-sm text-muted-foreground">Composite score</span>
      </div>
      {composite.reading === 'not-enough-data' ? (
        <p className="text-sm text-muted-foreground">{NOT_ENOUGH_DATA}</p>
      ) : null}
      <ScrollTable caption="Reliability of each criterion">
        <TableHeader>
          <TableRow>
            <TableHead>Criterion</TableHead>
            <TableHead className="text-right">Alpha</TableHead>
            <TableHead>Reading</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {CRITERIA.map(({ key, label }) => {
            const criterion = reliability.criteria[key];
            return (
              <TableRow key={key}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {label}
                </th>
                <TableCell className="text-right tabular-nums">
                  {formatAlpha(criterion.alpha)}
                </TableCell>
                <TableCell>
                  <ReadingBadge reading={criterion.reading} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </ScrollTable>
      <HelpList
        items={[
          {
            term: 'Alpha',
            text: "How consistently different reviewers score the same opportunity (Krippendorff's alpha). 1 means they always agree; 0 means their scores say no more than chance.",
          },
          {
            term: 'Reading',
            text: '0.800 or more: reliable. 0.667 to 0.800: tentative, use the ranking with care. Below 0.667: unreliable, the scores mostly reflect who reviewed, not the opportunity.',
          },
          {
            term: 'Not enough data',
            text: 'Shown until at least one opportunity has two reviews and the scores differ somewhere.',
          },
        ]}
      />
    </RegionCard>
  );
}
