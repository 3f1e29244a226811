import { describe, expect, it } from 'vitest';
import { createPanel, opportunityMeans, type Panel } from './panel';
import { rankDescending } from './ranking';
import { CONVERGENCE_TOLERANCE, fitReviewerEffects } from './reviewer-effects';
import { createSeededRandom } from './seeded-random';

type Review = { j: number; i: number; y: number };

function panelOf(reviews: Review[], opportunityCount: number, reviewerCount: number) {
  const sorted = [...reviews].sort((a, b) => a.j - b.j || a.i - b.i);
  const panel = createPanel({
    opportunityCount,
    reviewerCount,
    opportunity: Int32Array.from(sorted, (r) => r.j),
    reviewer: Int32Array.from(sorted, (r) => r.i),
  });
  return { panel, values: Float64Array.from(sorted, (r) => r.y) };
}

/** Plain backfitting from zero for many sweeps: a second, independent solution. */
function backfitFromZero(panel: Panel, values: Float64Array, penalty: number) {
  const offsets = new Float64Array(panel.reviewerCount);
  let calibrated: Float64Array = new Float64Array(panel.opportunityCount);
  for (let sweep = 0; sweep < 20_000; sweep++) {
    const adjusted = values.map((y, r) => y - offsets[panel.reviewer[r]!]!);
    calibrated = opportunityMeans(panel, adjusted);
    const sums = new Float64Array(panel.reviewerCount);
    const counts = new Float64Array(panel.reviewerCount);
    values.forEach((y, r) => {
      sums[panel.reviewer[r]!]! += y - calibrated[panel.opportunity[r]!]!;
      counts[panel.reviewer[r]!]! += 1;
    });
    sums.forEach((sum, i) => {
      offsets[i] = sum / (counts[i]! + penalty);
    });
  }
  return { calibrated, offsets };
}

function randomPanel(seed: number, options: { perOpportunity: number; offsetSd: number }) {
  const random = createSeededRandom(seed);
  const offsets = Array.from({ length: 12 }, () => options.offsetSd * random.normal());
  const reviews: Review[] = [];
  for (let j = 0; j < 15; j++) {
    const quality = 3 + 0.6 * random.normal();
    const chosen = new Set<number>();
    while (chosen.size < options.perOpportunity) chosen.add(random.below(12));
    for (const i of chosen)
      reviews.push({ j, i, y: quality + offsets[i]! + 0.3 * random.normal() });
  }
  return { ...panelOf(reviews, 15, 12), offsets };
}

describe('reviewer-effect model', () => {
  it('matches plain backfitting run to convergence (a second implementation)', () => {
    for (const seed of [1, 2, 3]) {
      const { panel, values } = randomPanel(seed, { perOpportunity: 3, offsetSd: 0.5 });
      const [fit] = fitReviewerEffects(panel, [values], 2);
      const reference = backfitFromZero(panel, values, 2);
      for (const [j, value] of fit!.calibrated.entries()) {
        expect(value).toBeCloseTo(reference.calibrated[j]!, 8);
      }
      for (const [i, value] of fit!.offsets.entries()) {
        expect(value).toBeCloseTo(reference.offsets[i]!, 8);
      }
      // The exact solve leaves nothing for the polishing sweeps to do.
      expect(fit!.sweeps).toBeLessThanOrEqual(3);
    }
    expect(CONVERGENCE_TOLERANCE).toBeLessThanOrEqual(1e-10);
  });

  it('with full coverage ranks exactly as the raw means, whatever the offsets', () => {
    const random = createSeededRandom(9);
    const reviews: Review[] = [];
    for (let j = 0; j < 20; j++) {
      for (let i = 0; i < 6; i++) reviews.push({ j, i, y: 1 + random.below(21) / 5 });
    }
    const { panel, values } = panelOf(reviews, 20, 6);
    const [fit] = fitReviewerEffects(panel, [values], 3);
    expect(rankDescending(fit!.calibrated)).toEqual(
      rankDescending(opportunityMeans(panel, values)),
    );
  });

  it('recovers a harsh reviewer on partial coverage', () => {
    // Opportunities 0 and 1 are equal; reviewer 2, two points harsher, reviewed only 1.
    const reviews: Review[] = [];
    for (let j = 0; j < 8; j++) {
      for (const i of [0, 1]) reviews.push({ j, i, y: 3 + (j % 2) * 0.2 });
      if (j !== 0) reviews.push({ j, i: 2, y: 1 + (j % 2) * 0.2 });
    }
    const { panel, values } = panelOf(reviews, 8, 3);
    const [fit] = fitReviewerEffects(panel, [values], 1);
    expect(fit!.offsets[2]).toBeLessThan(-1);
    // Raw, opportunity 0 (never seen by the harsh reviewer) leads opportunity 2 by 0.67 points.
    const raw = opportunityMeans(panel, values);
    expect(raw[0]! - raw[2]!).toBeGreaterThan(0.6);
    expect(Math.abs(fit!.calibrated[0]! - fit!.calibrated[2]!)).toBeLessThan(0.1);
  });

  it('barely corrects a reviewer with one or two reviews', () => {
    // Four reviewers agree on 3 everywhere; reviewer 4 gives one opportunity 5 (or two of them).
    for (const count of [1, 2]) {
      const reviews: Review[] = [];
      for (let j = 0; j < 6; j++) for (let i = 0; i < 4; i++) reviews.push({ j, i, y: 3 });
      for (let j = 0; j < count; j++) reviews.push({ j, i: 4, y: 5 });
      const { panel, values } = panelOf(reviews, 6, 5);
      const penalty = 3;
      const [fit] = fitReviewerEffects(panel, [values], penalty);
      // At most count / (count + penalty) of the 2-point deviation is taken as leniency.
      expect(fit!.offsets[4]).toBeGreaterThan(0);
      expect(fit!.offsets[4]).toBeLessThanOrEqual((2 * count) / (count + penalty));
      expect(fit!.calibrated[0]).toBeGreaterThan(3.2);
    }
  });

  it('gives the calibrated composite as the mean of the calibrated criteria (one linear fit)', () => {
    const random = createSeededRandom(4);
    const { panel } = randomPanel(4, { perOpportunity: 3, offsetSd: 0.5 });
    const criteria = Array.from({ length: 5 }, () =>
      Float64Array.from(panel.reviewer, () => 1 + random.below(5)),
    );
    const composite = criteria[0]!.map((_, r) => criteria.reduce((s, c) => s + c[r]!, 0) / 5);
    const [fit, ...criterionFits] = fitReviewerEffects(panel, [composite, ...criteria], 3);
    fit!.calibrated.forEach((value, j) => {
      const mean = criterionFits.reduce((s, f) => s + f.calibrated[j]!, 0) / 5;
      expect(value).toBeCloseTo(mean, 9);
    });
  });

  it('leaves an unreviewed opportunity undefined and an idle reviewer at 0', () => {
    const { panel, values } = panelOf([{ j: 0, i: 0, y: 4 }], 2, 2);
    const [fit] = fitReviewerEffects(panel, [values], 3);
    expect(fit!.calibrated[0]).toBeCloseTo(4, 12);
    expect(Number.isNaN(fit!.calibrated[1]!)).toBe(true);
    expect(fit!.offsets[0]).toBeCloseTo(0, 12); // the opportunity explains its only review
    expect(fit!.offsets[1]).toBe(0);
  });
});
