import type {
  Reliability,
  ResultOpportunity,
  ResultReviewer,
  Results,
} from '@shared/results-schemas';

let sequence = 0;
const uuid = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

const criteria = (raw: number | null, calibrated: number | null) => ({
  strategicAlignment: { raw, calibrated },
  sustainability: { raw, calibrated },
  technologyReadiness: { raw, calibrated },
  marketPotential: { raw, calibrated },
  businessPotential: { raw, calibrated },
});

/**
 * A results row; by default reviewed twice, its raw and calibrated composite equal, and both ranks
 * and intervals at `rank` (give `rawRank` etc. to move it).
 */
export function resultOpportunity(
  overrides: Partial<ResultOpportunity> & { number: number; rank?: number | null },
): ResultOpportunity {
  const { rank = overrides.number, ...rest } = overrides;
  const reviewed = rank !== null;
  const composite = reviewed ? 3 : null;
  const interval = reviewed ? { low: rank, high: rank } : null;
  return {
    id: uuid(),
    title: `Opportunity ${overrides.number}`,
    reviewCount: reviewed ? 2 : 0,
    rawComposite: composite,
    calibratedComposite: composite,
    rawRank: rank,
    calibratedRank: rank,
    rawRankInterval: interval,
    calibratedRankInterval: interval,
    sd: reviewed ? 0.5 : null,
    min: composite === null ? null : composite - 0.5,
    max: composite === null ? null : composite + 0.5,
    criteria: criteria(composite, composite),
    flags: reviewed ? [] : ['few-reviews'],
    ...rest,
  };
}

export function resultReviewer(overrides: Partial<ResultReviewer> = {}): ResultReviewer {
  return {
    id: uuid(),
    name: 'Rita Reviewer',
    reviewCount: 4,
    offset: 0,
    sharedCount: 4,
    agreement: 0.8,
    flags: [],
    ...overrides,
  };
}

export const reliability = (alpha: number | null, reading: Reliability['reading']) => ({
  alpha,
  reading,
});

/** A whole response around the given opportunities, reviewers and discussion queue. */
export function resultsOf(overrides: Partial<Results> = {}): Results {
  const composite = reliability(0.82, 'reliable');
  const opportunities = overrides.opportunities ?? [];
  return {
    opportunities,
    reliability: {
      composite,
      criteria: {
        strategicAlignment: composite,
        sustainability: composite,
        technologyReadiness: composite,
        marketPotential: composite,
        businessPotential: composite,
      },
    },
    reviewers: [],
    discussion: [],
    meta: {
      reviewCount: opportunities.reduce((sum, o) => sum + o.reviewCount, 0),
      resamples: 1000,
      intervalLevel: 0.9,
      penalty: 2,
    },
    ...overrides,
  };
}
