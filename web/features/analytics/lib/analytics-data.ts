import type { OpportunityAnalyticsRow, ReviewerAnalyticsRow } from '@shared/analytics-schemas';
import {
  ANALYTICS_TOP,
  CRITERION_TOP,
  TRUNCATE_OPPORTUNITY,
  TRUNCATE_REVIEWER,
  TRUNCATE_TOOLTIP,
} from '@shared/limits';
import { compareByCompositeRank } from '@shared/ranking';
import { truncate } from '@shared/text';

/** The per-criterion averages of an analytics row, under the names the analytics page shows. */
export const ANALYTICS_CRITERIA = [
  { field: 'avgStrategicAlignment', label: 'Strategic Alignment' },
  { field: 'avgSustainability', label: 'Sustainability' },
  { field: 'avgTechnologyReadiness', label: 'Technology Readiness' },
  { field: 'avgMarketPotential', label: 'Market Potential' },
  { field: 'avgBusinessPotential', label: 'Business Potential' },
] as const;

export type CriterionField = (typeof ANALYTICS_CRITERIA)[number]['field'];

/** A reviewed opportunity: at least one review, so every average is a number. */
export type ReviewedOpportunity = OpportunityAnalyticsRow & {
  avgComposite: number;
} & Record<CriterionField, number>;

/** Opportunity names in charts: 20 characters and an ellipsis (SPEC.md section 9). */
export const chartOpportunityName = (title: string) => truncate(title, TRUNCATE_OPPORTUNITY);
/** Reviewer names in the activity chart: 15 characters and an ellipsis. */
export const chartReviewerName = (name: string) => truncate(name, TRUNCATE_REVIEWER);
/** Titles inside chart tooltips: 30 characters and an ellipsis. */
export const tooltipTitle = (title: string) => truncate(title, TRUNCATE_TOOLTIP);

export const formatScore2 = (value: number) => value.toFixed(2);
export const formatScore1 = (value: number) => value.toFixed(1);

export function isReviewed(row: OpportunityAnalyticsRow): row is ReviewedOpportunity {
  return (
    row.reviewCount > 0 &&
    row.avgComposite !== null &&
    ANALYTICS_CRITERIA.every(({ field }) => row[field] !== null)
  );
}

/** Reviewed opportunities in number order (the order of the charts' x axis). */
export function reviewedOpportunities(rows: OpportunityAnalyticsRow[]): ReviewedOpportunity[] {
  return rows.filter(isReviewed).sort((a, b) => a.number - b.number);
}

/**
 * The 'Top Opportunities by Composite Score' table: at most 20 reviewed opportunities in the
 * ranking the dashboard's top list uses too (shared/ranking.ts, docs/figures.md).
 */
export function topByComposite(rows: OpportunityAnalyticsRow[]): ReviewedOpportunity[] {
  return rows.filter(isReviewed).sort(compareByCompositeRank).slice(0, ANALYTICS_TOP);
}

/** The top 5 reviewed opportunities by one criterion's average (ties to the lower number). */
export function topByCriterion(
  rows: OpportunityAnalyticsRow[],
  field: CriterionField,
): ReviewedOpportunity[] {
  return rows
    .filter(isReviewed)
    .sort((a, b) => b[field] - a[field] || a.number - b.number)
    .slice(0, CRITERION_TOP);
}

/** One point per reviewed opportunity for the trend line and the grouped bars. */
export function opportunityChartData(rows: OpportunityAnalyticsRow[]) {
  return reviewedOpportunities(rows).map((row) => ({
    name: chartOpportunityName(row.title),
    label: `#${row.number} ${tooltipTitle(row.title)}`,
    composite: row.avgComposite,
    avgStrategicAlignment: row.avgStrategicAlignment,
    avgSustainability: row.avgSustainability,
    avgTechnologyReadiness: row.avgTechnologyReadiness,
    avgMarketPotential: row.avgMarketPotential,
    avgBusinessPotential: row.avgBusinessPotential,
  }));
}
export type OpportunityChartPoint = ReturnType<typeof opportunityChartData>[number];

export type ScatterPoint = { number: number; title: string; x: number; y: number };

export type CorrelationPlot = {
  id: string;
  title: string;
  xLabel: string;
  yLabel: string;
  points: ScatterPoint[];
};

function plotOf(
  reviewed: ReviewedOpportunity[],
  plot: Omit<CorrelationPlot, 'points'>,
  x: (row: ReviewedOpportunity) => number,
  y: (row: ReviewedOpportunity) => number,
): CorrelationPlot {
  return {
    ...plot,
    points: reviewed.map((row) => ({
      number: row.number,
      title: tooltipTitle(row.title),
      x: x(row),
      y: y(row),
    })),
  };
}

/** The four 'Criteria Correlation Analysis' plots of SPEC.md, one point per reviewed opportunity. */
export function correlationPlots(rows: OpportunityAnalyticsRow[]): CorrelationPlot[] {
  const reviewed = reviewedOpportunities(rows);
  const othersMean = (row: ReviewedOpportunity) =>
    (row.avgStrategicAlignment +
      row.avgSustainability +
      row.avgMarketPotential +
      row.avgBusinessPotential) /
    4;
  return [
    plotOf(
      reviewed,
      {
        id: 'tech-vs-others',
        title: 'Technology Readiness vs Other Criteria',
        xLabel: 'Technology Readiness',
        yLabel: 'Average of Other Criteria',
      },
      (row) => row.avgTechnologyReadiness,
      othersMean,
    ),
    plotOf(
      reviewed,
      {
        id: 'tech-vs-market',
        title: 'Technology Readiness vs Market Potential',
        xLabel: 'Technology Readiness',
        yLabel: 'Market Potential',
      },
      (row) => row.avgTechnologyReadiness,
      (row) => row.avgMarketPotential,
    ),
    plotOf(
      reviewed,
      {
        id: 'strategy-vs-business',
        title: 'Strategic Alignment vs Business Potential',
        xLabel: 'Strategic Alignment',
        yLabel: 'Business Potential',
      },
      (row) => row.avgStrategicAlignment,
      (row) => row.avgBusinessPotential,
    ),
    plotOf(
      reviewed,
      {
        id: 'sustainability-vs-market',
        title: 'Sustainability vs Market Potential',
        xLabel: 'Sustainability',
        yLabel: 'Market Potential',
      },
      (row) => row.avgSustainability,
      (row) => row.avgMarketPotential,
    ),
  ];
}

/** The reviewer activity bars: names cut to 15 characters, no average when nothing reviewed. */
export function reviewerActivityData(rows: ReviewerAnalyticsRow[]) {
  return rows.map((row) => ({
    name: chartReviewerName(row.name),
    fullName: row.name,
    reviewCount: row.reviewCount,
    avgComposite: row.avgComposite,
  }));
}
export type ReviewerActivityPoint = ReturnType<typeof reviewerActivityData>[number];

/**
 * How much reviewers disagree about one opportunity: the standard deviation of its composites and
 * their range, both to 2 decimals; null with fewer than two reviews (nothing to disagree about).
 */
export function disagreementOf(
  row: OpportunityAnalyticsRow,
): { stdDev: string; range: string } | null {
  if (
    row.reviewCount < 2 ||
    row.stdDevComposite === null ||
    row.minComposite === null ||
    row.maxComposite === null
  ) {
    return null;
  }
  return {
    stdDev: formatScore2(row.stdDevComposite),
    range: `${formatScore2(row.minComposite)}–${formatScore2(row.maxComposite)}`,
  };
}
