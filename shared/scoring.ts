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
 * Acceptability 15% = mean of strategic alignment and sustainability. Each part weighs the mean of
 * its criteria. The reviews export computes the same sum in SQL from this list
 * (server/modules/exports/definitions.ts), so that the weights are written only here.
 */
export const EXPORT_WEIGHTING: ReadonlyArray<{
  part: string;
  weight: number;
  criteria: readonly CriterionKey[];
}> = [
  { part: 'Market Pull', weight: 0.35, criteria: ['marketPotential'] },
  { part: 'Feasibility', weight: 0.25, criteria: ['technologyReadiness'] },
  { part: 'Viability', weight: 0.25, criteria: ['businessPotential'] },
  { part: 'Acceptability', weight: 0.15, criteria: ['strategicAlignment', 'sustainability'] },
];

export function weightedCompositeOf(scores: Scores): number {
  return EXPORT_WEIGHTING.reduce((sum, { weight, criteria }) => {
    const mean = criteria.reduce((total, key) => total + scores[key], 0) / criteria.length;
    return sum + weight * mean;
  }, 0);
}

/** Formats a composite as PostgreSQL numeric(10,4) text, e.g. 3.4 -> "3.4000". */
export function toNumericText(value: number): string {
  return (Math.round(value * 10_000) / 10_000).toFixed(4);
}
