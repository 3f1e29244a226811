import { HttpError } from '../../http/errors';

// The checks of a submitted ranking (PUT /api/reviewer/ballot), pure: which ids are refused and
// why. The caller reads the facts (which ids are opportunities, candidates, conflicted) first.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A well-formed uuid in the database's spelling (lower case); anything else as it came. */
export const normaliseId = (id: string) => (UUID.test(id) ? id.toLowerCase() : id);

export const isUuid = (id: string) => UUID.test(id);

export type RankingFacts = {
  /** Ids (lower case) of existing opportunities. */
  existing: ReadonlySet<string>;
  /** Ids of today's candidates. */
  candidates: ReadonlySet<string>;
  /** Candidates the caller has a conflict of interest with. */
  conflicted: ReadonlySet<string>;
};

const REASONS = {
  unknown: 'Not an opportunity',
  duplicate: 'Ranked more than once',
  notCandidate: 'Not a finalist',
  conflicted: 'Not a finalist you may rank (conflict of interest)',
} as const;
type Reason = keyof typeof REASONS;

/** An id as a message quotes it: a long string (not an id at all) is cut short. */
const quoted = (id: string) => (id.length > 40 ? `${id.slice(0, 40)}…` : id);

/** The message of a refused ranking: each reason with the ids it applies to, once each. */
export const rankingRefusalMessage = (byReason: Partial<Record<Reason, string[]>>) =>
  (Object.keys(REASONS) as Reason[])
    .filter((reason) => (byReason[reason] ?? []).length > 0)
    .map((reason) => `${REASONS[reason]}: ${byReason[reason]!.map(quoted).join(', ')}`)
    .join('; ');

function reasonOf(id: string, seen: ReadonlySet<string>, facts: RankingFacts): Reason | null {
  if (seen.has(id)) return 'duplicate';
  if (!facts.existing.has(id)) return 'unknown';
  if (!facts.candidates.has(id)) return 'notCandidate';
  if (facts.conflicted.has(id)) return 'conflicted';
  return null;
}

/**
 * The ranking with its ids normalised, or a 400 naming every refused id: unknown (not a uuid, or
 * no such opportunity), listed twice, not a candidate, or a candidate the caller is conflicted
 * with. The issues point at each refused occurrence (`ranking.<group>.<position>`).
 */
export function checkRanking(ranking: string[][], facts: RankingFacts): string[][] {
  const normalised = ranking.map((group) => group.map(normaliseId));
  const seen = new Set<string>();
  const byReason: Partial<Record<Reason, string[]>> = {};
  const issues: Array<{ path: string; message: string }> = [];
  const refuse = (reason: Reason, id: string, path: string) => {
    const ids = byReason[reason] ?? [];
    if (!ids.includes(id)) byReason[reason] = [...ids, id];
    issues.push({ path, message: REASONS[reason] });
  };
  for (const [g, group] of normalised.entries()) {
    for (const [i, id] of group.entries()) {
      const reason = reasonOf(id, seen, facts);
      seen.add(id);
      if (reason) refuse(reason, id, `ranking.${g}.${i}`);
    }
  }
  if (issues.length > 0) throw new HttpError(400, rankingRefusalMessage(byReason), issues);
  return normalised;
}
