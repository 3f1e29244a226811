import { CRITERION_KEYS, type Scores } from '@shared/criteria';
import { compositeOf } from '@shared/scoring';
import type { ResultsInput } from '../compute-results';
import { createSeededRandom } from './seeded-random';

/**
 * Synthetic panels with a known truth, for the simulation test of issue 19 and for measuring:
 * every opportunity has a true quality, every reviewer a true offset, and each of a few random
 * reviewers scores each criterion as quality + offset + noise, rounded and clamped to 1-5.
 */
export type SimulationOptions = {
  seed: number;
  opportunities?: number;
  reviewers?: number;
  /** Reviewers per opportunity, drawn at random without replacement; all of them by default. */
  reviewersPerOpportunity?: number;
  qualityMean?: number;
  qualitySd?: number;
  offsetSd?: number;
  noiseSd?: number;
};

export type SimulatedPanel = { input: ResultsInput; quality: Map<string, number> };

/** A version-4 shaped UUID from a kind digit and a counter, stable for a seed. */
export function syntheticId(kind: number, index: number): string {
  return `00000000-0000-4000-8${kind}00-${index.toString(16).padStart(12, '0')}`;
}

export function simulatePanel(options: SimulationOptions): SimulatedPanel {
  const opportunityCount = options.opportunities ?? 50;
  const reviewerCount = options.reviewers ?? 40;
  const perOpportunity = options.reviewersPerOpportunity ?? reviewerCount;
  const random = createSeededRandom(options.seed);
  const opportunities = Array.from({ length: opportunityCount }, (_, index) => ({
    id: syntheticId(1, index),
    number: index + 1,
    title: `Opportunity ${index + 1}`,
  }));
  const reviewers = Array.from({ length: reviewerCount }, (_, index) => ({
    id: syntheticId(2, index),
    name: `Reviewer ${String(index + 1).padStart(4, '0')}`,
  }));
  const quality = new Map<string, number>();
  const qualities = opportunities.map((opportunity) => {
    const value = (options.qualityMean ?? 3) + (options.qualitySd ?? 0.6) * random.normal();
    quality.set(opportunity.id, value);
    return value;
  });
  const offsets = reviewers.map(() => (options.offsetSd ?? 0.5) * random.normal());
  const reviews: ResultsInput['reviews'] = [];
  for (const [j, opportunity] of opportunities.entries()) {
    for (const i of sampleWithoutReplacement(random, reviewerCount, perOpportunity)) {
      const scores = Object.fromEntries(
        CRITERION_KEYS.map((key) => {
          const value = qualities[j]! + offsets[i]! + (options.noiseSd ?? 0.5) * random.normal();
          return [key, Math.min(5, Math.max(1, Math.round(value)))];
        }),
      ) as Scores;
      reviews.push({
        opportunityId: opportunity.id,
        reviewerId: reviewers[i]!.id,
        scores,
        composite: compositeOf(scores),
      });
    }
  }
  return { input: { opportunities, reviewers, reviews }, quality };
}

function sampleWithoutReplacement(
  random: ReturnType<typeof createSeededRandom>,
  n: number,
  k: number,
) {
  const pool = Array.from({ length: n }, (_, index) => index);
  for (let x = 0; x < k; x++) {
    const y = x + random.below(n - x);
    [pool[x], pool[y]] = [pool[y]!, pool[x]!];
  }
  return pool.slice(0, k).sort((a, b) => a - b);
}
