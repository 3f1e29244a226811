import { describe, expect, it } from 'vitest';
import { computeResults } from '../compute-results';
import { estimatePenalty, MAX_PENALTY, MIN_PENALTY } from './estimate-penalty';
import { createPanel } from './panel';
import { simulatePanel } from './simulated-panel';

function estimateOf(options: Parameters<typeof simulatePanel>[0]) {
  const { input } = simulatePanel(options);
  const opportunity = new Map(input.opportunities.map((o, j) => [o.id, j]));
  const reviewer = new Map(input.reviewers.map((r, i) => [r.id, i]));
  const panel = createPanel({
    opportunityCount: input.opportunities.length,
    reviewerCount: input.reviewers.length,
    opportunity: Int32Array.from(input.reviews, (r) => opportunity.get(r.opportunityId)!),
    reviewer: Int32Array.from(input.reviews, (r) => reviewer.get(r.reviewerId)!),
  });
  return estimatePenalty(
    panel,
    Float64Array.from(input.reviews, (r) => r.composite),
  );
}

describe('penalty', () => {
  it('estimates the offset and noise variances of a simulated panel by moments', () => {
    // Offsets sd 0.5 (variance 0.25); composite noise = five criteria of sd 0.5 and their
    // rounding averaged: (0.25 + 1/12) / 5 = 0.067.
    const estimates = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) =>
      estimateOf({ seed, reviewersPerOpportunity: 4 }),
    );
    const mean = (pick: (e: (typeof estimates)[number]) => number) =>
      estimates.reduce((sum, e) => sum + pick(e), 0) / estimates.length;
    expect(mean((e) => e.offsetVariance!)).toBeGreaterThan(0.2);
    expect(mean((e) => e.offsetVariance!)).toBeLessThan(0.35);
    expect(mean((e) => e.noiseVariance!)).toBeGreaterThan(0.03);
    expect(mean((e) => e.noiseVariance!)).toBeLessThan(0.09);
    // Their ratio (about 0.25) is below the floor, which then applies.
    for (const estimate of estimates) expect(estimate.penalty).toBe(MIN_PENALTY);
  });

  it('corrects much less when the panel shows no reviewer effect', () => {
    // The moment estimate of a zero variance is noise around 0: often negative (no correction at
    // all, MAX_PENALTY), otherwise small enough to keep the penalty well above the floor.
    const penalties = Array.from(
      { length: 20 },
      (_, k) => estimateOf({ seed: k + 1, reviewersPerOpportunity: 4, offsetSd: 0 }).penalty,
    ).sort((a, b) => a - b);
    expect(penalties[0]).toBeGreaterThan(2 * MIN_PENALTY);
    expect(penalties[10]).toBe(MAX_PENALTY);
    expect(estimateOf({ seed: 2, offsetSd: 0 }).penalty).toBe(MAX_PENALTY); // full coverage
  });

  it('corrects almost nothing when it cannot tell (one review per opportunity)', () => {
    expect(estimateOf({ seed: 1, reviewersPerOpportunity: 1 })).toEqual({
      penalty: MAX_PENALTY,
      offsetVariance: null,
      noiseVariance: null,
    });
  });

  it('is reported in meta', () => {
    const { input } = simulatePanel({ seed: 3, reviewersPerOpportunity: 4 });
    expect(computeResults(input, { resamples: 10 }).meta.penalty).toBe(MIN_PENALTY);
  });
});
