import type {
  HeatmapRow,
  OpportunityAnalyticsRow,
  ReviewerAnalyticsRow,
} from '@shared/analytics-schemas';

let sequence = 0;
const uuid = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

/** An analytics row; by default reviewed once with every criterion at `avgComposite`. */
export function opportunityRow(
  overrides: Partial<OpportunityAnalyticsRow> & { number: number },
): OpportunityAnalyticsRow {
  const composite = overrides.avgComposite === undefined ? 3 : overrides.avgComposite;
  const reviewed = composite !== null;
  return {
    id: uuid(),
    title: `Opportunity ${overrides.number}`,
    avgStrategicAlignment: composite,
    avgSustainability: composite,
    avgTechnologyReadiness: composite,
    avgMarketPotential: composite,
    avgBusinessPotential: composite,
    avgComposite: composite,
    reviewCount: reviewed ? 1 : 0,
    stdDevComposite: reviewed ? 0 : null,
    minComposite: composite,
    maxComposite: composite,
    ...overrides,
  };
}

export function reviewerRow(overrides: Partial<ReviewerAnalyticsRow> = {}): ReviewerAnalyticsRow {
  return { id: uuid(), name: 'Rita Reviewer', reviewCount: 0, avgComposite: null, ...overrides };
}

/** A heatmap row over opportunities numbered 1..n with the given composites. */
export function heatmapRow(name: string, composites: (number | null)[]): HeatmapRow {
  return {
    reviewerId: uuid(),
    reviewerName: name,
    opportunities: composites.map((composite, index) => ({
      opportunityId: `10000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
      opportunityNumber: index + 1,
      composite,
    })),
  };
}
