import type { DecisionEvidence, EvidenceKey } from '@shared/decision-schemas';
import { EVIDENCE_KEYS } from '@shared/decision-schemas';
import type { DecisionFlag, DecisionOutcome } from '@shared/decisions';
import type { RankInterval, Results } from '@shared/results-schemas';

/**
 * The evidence of one opportunity as Results answers it now: its row (none for an opportunity
 * Results does not rank, such as an archived one: no figures) and the panel's alpha.
 */
export function evidenceFrom(results: Results, opportunityId: string): DecisionEvidence {
  const row = results.opportunities.find((candidate) => candidate.id === opportunityId);
  return {
    reviewCount: row?.reviewCount ?? 0,
    rawComposite: row?.rawComposite ?? null,
    calibratedComposite: row?.calibratedComposite ?? null,
    calibratedRank: row?.calibratedRank ?? null,
    calibratedRankInterval: row?.calibratedRankInterval ?? null,
    flags: row ? [...row.flags] : [],
    alpha: results.reliability.composite.alpha,
    ranked: results.opportunities.filter((candidate) => candidate.calibratedRank !== null).length,
  };
}

/** The evidence keys whose value differs between a snapshot and today's figures. */
export function changedSince(then: DecisionEvidence, now: DecisionEvidence): EvidenceKey[] {
  return EVIDENCE_KEYS.filter((key) => JSON.stringify(then[key]) !== JSON.stringify(now[key]));
}

/**
 * The flags of one outcome against today's ranking, with A the number of accepted opportunities:
 * a declined or waitlisted one whose calibrated 90% interval lies entirely within the top A
 * (high <= A) is "ranked above accepted ones"; an accepted one whose interval lies entirely below
 * place A (low > A) is "ranked below declined ones". No interval (no reviews), or no accepted one:
 * no flag. Flags inform, they never block.
 */
export function decisionFlagsOf(
  outcome: DecisionOutcome,
  interval: RankInterval | null,
  acceptedCount: number,
): DecisionFlag[] {
  if (!interval || acceptedCount === 0) return [];
  if ((outcome === 'declined' || outcome === 'waitlisted') && interval.high <= acceptedCount) {
    return ['ranked-above-accepted'];
  }
  if (outcome === 'accepted' && interval.low > acceptedCount) return ['ranked-below-declined'];
  return [];
}
