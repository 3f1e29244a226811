import { describe, expect, it } from 'vitest';
import { opportunityRow, reviewerRow } from '../test/analytics-fixtures';
import {
  chartOpportunityName,
  chartReviewerName,
  correlationPlots,
  disagreementOf,
  opportunityChartData,
  reviewerActivityData,
  tooltipTitle,
  topByComposite,
  topByCriterion,
} from './analytics-data';

describe('name truncation', () => {
  it('cuts opportunity names to 20, reviewer names to 15 and tooltip titles to 30 characters', () => {
    expect(chartOpportunityName('12345678901234567890')).toBe('12345678901234567890');
    expect(chartOpportunityName('123456789012345678901')).toBe('12345678901234567890...');
    expect(chartReviewerName('123456789012345')).toBe('123456789012345');
    expect(chartReviewerName('Bartholomew Longname')).toBe('Bartholomew Lon...');
    expect(tooltipTitle('A'.repeat(30))).toBe('A'.repeat(30));
    expect(tooltipTitle('B'.repeat(31))).toBe(`${'B'.repeat(30)}...`);
  });

  it('uses the truncated names in the chart data, the 30-character title in the tooltip', () => {
    const rows = [opportunityRow({ number: 7, title: 'Carbon capture membranes for cement' })];
    const [point] = opportunityChartData(rows);
    expect(point?.name).toBe('Carbon capture membr...');
    expect(point?.label).toBe('#7 Carbon capture membranes for c...');
    const [reviewer] = reviewerActivityData([reviewerRow({ name: 'Maximilian Mustermann' })]);
    expect(reviewer?.name).toBe('Maximilian Must...');
    expect(reviewer?.fullName).toBe('Maximilian Mustermann');
  });
});

describe('topByComposite', () => {
  it('keeps reviewed opportunities only, highest composite first, at most 20', () => {
    const rows = [
      opportunityRow({ number: 1, avgComposite: 2.5 }),
      opportunityRow({ number: 2, avgComposite: null }),
      opportunityRow({ number: 3, avgComposite: 4.75 }),
      ...Array.from({ length: 25 }, (_, i) => opportunityRow({ number: 10 + i, avgComposite: 1 })),
    ];
    const top = topByComposite(rows);
    expect(top).toHaveLength(20);
    expect(top.map((row) => row.number).slice(0, 3)).toEqual([3, 1, 10]);
    expect(top.some((row) => row.number === 2)).toBe(false);
  });

  it('breaks ties by review count, then by the lower number', () => {
    const rows = [
      opportunityRow({ number: 5, avgComposite: 4 }),
      opportunityRow({ number: 4, avgComposite: 4 }),
      opportunityRow({ number: 9, avgComposite: 4, reviewCount: 3 }),
    ];
    expect(topByComposite(rows).map((row) => row.number)).toEqual([9, 4, 5]);
  });
});

describe('topByCriterion', () => {
  it('ranks five reviewed opportunities by that criterion', () => {
    const rows = [
      ...[1, 2, 3, 4, 5, 6].map((n) =>
        opportunityRow({ number: n, avgComposite: 3, avgMarketPotential: n / 2 }),
      ),
      opportunityRow({ number: 99, avgComposite: null }),
    ];
    expect(topByCriterion(rows, 'avgMarketPotential').map((row) => row.number)).toEqual([
      6, 5, 4, 3, 2,
    ]);
  });
});

describe('correlationPlots', () => {
  it('plots Technology Readiness against the mean of the other four criteria, and three pairs', () => {
    const row = opportunityRow({
      number: 3,
      title: 'Solar roof tiles',
      avgComposite: 3,
      avgStrategicAlignment: 4,
      avgSustainability: 5,
      avgTechnologyReadiness: 2,
      avgMarketPotential: 3,
      avgBusinessPotential: 1,
    });
    const plots = correlationPlots([row, opportunityRow({ number: 4, avgComposite: null })]);
    expect(plots.map((plot) => [plot.xLabel, plot.yLabel])).toEqual([
      ['Technology Readiness', 'Average of Other Criteria'],
      ['Technology Readiness', 'Market Potential'],
      ['Strategic Alignment', 'Business Potential'],
      ['Sustainability', 'Market Potential'],
    ]);
    expect(plots.map((plot) => plot.points)).toEqual([
      [{ number: 3, title: 'Solar roof tiles', x: 2, y: 3.25 }],
      [{ number: 3, title: 'Solar roof tiles', x: 2, y: 3 }],
      [{ number: 3, title: 'Solar roof tiles', x: 4, y: 1 }],
      [{ number: 3, title: 'Solar roof tiles', x: 5, y: 3 }],
    ]);
  });
});

describe('disagreementOf', () => {
  it('gives the standard deviation and the range to 2 decimals from two reviews on', () => {
    const row = opportunityRow({
      number: 1,
      avgComposite: 3.3,
      reviewCount: 2,
      stdDevComposite: 0.5,
      minComposite: 2.8,
      maxComposite: 3.8,
    });
    expect(disagreementOf(row)).toEqual({ stdDev: '0.50', range: '2.80–3.80' });
  });

  it('has nothing to say about a single review or none', () => {
    expect(disagreementOf(opportunityRow({ number: 1, avgComposite: 4 }))).toBeNull();
    expect(disagreementOf(opportunityRow({ number: 2, avgComposite: null }))).toBeNull();
  });
});
