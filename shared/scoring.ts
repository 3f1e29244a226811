import { CRITERION_KEYS, type CriterionKey, type Scores } from './criteria';

/** Reviewer composite: the plain mean of the five scores (SPEC.md section 9). */
export function compositeOf(scores: Scores): number {
  return CRITERION_KEYS.reduce((sum, key) => sum + scores[key], 0) / CRITERION_KEYS.length;
}

/** Returns the composite when all five scores are set, otherwise null. */
export function compositeOfPartial(scores: Partial<Record<CriterionKey, number | null>>) {
  const values = CRITERION_KEYS.map((key) => scores[key]);
  if (values.some((v) => v == null)) return null;
  return compositeOf(scores as Scores);
}

/**
 * Export weighting of SPEC.md section 2 (CONTRACT.md "Exports"): Market Pull 35% = market
 * potential, Feasibility 25% = technology readiness, Viability 25% = business potential,
 * Acceptability 15% = mean of strategic alignment and sustainability.
 */
export function weightedCompositeOf(scores: Scores): number {
  const acceptability = (scores.strategicAlignment + scores.sustainability) / 2;
  return (
    0.35 * scores.marketPotential +
    0.25 * scores.technologyReadiness +
    0.25 * scores.businessPotential +
    0.15 * acceptability
  );
}

/** Formats a composite as PostgreSQL numeric(10,4) text, e.g. 3.4 -> "3.4000". */
export function toNumericText(value: number): string {
  return (Math.round(value * 10_000) / 10_000).toFixed(4);
}
