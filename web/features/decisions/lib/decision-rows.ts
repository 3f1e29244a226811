import type { DecisionEntry, DecisionEvidence, EvidenceKey } from '@shared/decision-schemas';
import type { DiscussionReason } from '@shared/results-schemas';
import { EMPTY_MARK } from '@web/lib/empty-mark';

/** One opportunity of the decisions list: its draft and the released decision in force. */
export type DecisionRow = {
  opportunityId: string;
  number: number;
  title: string;
  ownerEmail: string | null;
  draft: DecisionEntry | null;
  released: DecisionEntry | null;
  /** The one the flags and the waitlist go by: the draft, else the released one. */
  inView: DecisionEntry;
};

/** The entries (one per opportunity and state) as one row per opportunity, by number. */
export function decisionRowsOf(entries: readonly DecisionEntry[]): DecisionRow[] {
  const byId = new Map<string, { draft: DecisionEntry | null; released: DecisionEntry | null }>();
  for (const entry of entries) {
    const row = byId.get(entry.opportunityId) ?? { draft: null, released: null };
    if (entry.state === 'draft') row.draft = entry;
    else row.released = entry;
    byId.set(entry.opportunityId, row);
  }
  return [...byId.entries()]
    .map(([opportunityId, { draft, released }]) => {
      const inView = (draft ?? released)!;
      return {
        opportunityId,
        number: inView.number,
        title: inView.title,
        ownerEmail: draft?.ownerEmail ?? released?.ownerEmail ?? null,
        draft,
        released,
        inView,
      };
    })
    .sort((a, b) => a.number - b.number);
}

/** The waitlist's rows in its order (ids without a row are skipped). */
export function waitlistRows(rows: readonly DecisionRow[], waitlist: readonly string[]) {
  const byId = new Map(rows.map((row) => [row.opportunityId, row]));
  return waitlist.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** `ids` with the one at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveId(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const target = index + by;
  const next = [...ids];
  if (target < 0 || target >= ids.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * Names of the evidence figures, in the order the panel's comparison lists them (shared's
 * EVIDENCE_KEYS lives in a module of schemas, which would bring zod to the page).
 */
export const EVIDENCE_LABELS: Record<EvidenceKey, string> = {
  reviewCount: 'Reviews',
  rawComposite: 'Raw composite',
  calibratedComposite: 'Calibrated composite',
  calibratedRank: 'Calibrated rank',
  calibratedRankInterval: 'Rank interval',
  flags: 'Discussion flags',
  alpha: "Panel's alpha",
};

const DISCUSSION_LABELS: Record<DiscussionReason, string> = {
  disagreement: 'Reviewers disagree',
  'calibration-shift': 'Calibration moves it',
  'uncertain-rank': 'Uncertain rank',
  'few-reviews': 'Fewer than 2 reviews',
};

/** One evidence figure as the comparison shows it ('-' when there is none). */
export function formatEvidence(evidence: DecisionEvidence, key: EvidenceKey): string {
  switch (key) {
    case 'reviewCount':
      return String(evidence.reviewCount);
    case 'rawComposite':
    case 'calibratedComposite': {
      const value = evidence[key];
      return value === null ? EMPTY_MARK : value.toFixed(2);
    }
    case 'alpha':
      return evidence.alpha === null ? EMPTY_MARK : evidence.alpha.toFixed(3);
    case 'calibratedRank':
      return evidence.calibratedRank === null
        ? EMPTY_MARK
        : `${evidence.calibratedRank} of ${evidence.ranked}`;
    case 'calibratedRankInterval': {
      const interval = evidence.calibratedRankInterval;
      return interval ? `${interval.low}-${interval.high}` : EMPTY_MARK;
    }
    case 'flags':
      return evidence.flags.length === 0
        ? 'None'
        : evidence.flags.map((flag) => DISCUSSION_LABELS[flag]).join(', ');
  }
}

/** 'a', 'a and b', 'a, b and c'. */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** What a release proposed from the waitlist: '#12 proposed as accepted because #4 withdrew'. */
export function proposalText(proposed: { number: number; forNumber: number }): string {
  return `#${proposed.number} proposed as accepted because #${proposed.forNumber} withdrew`;
}

/** The evidence figures in the order of EVIDENCE_LABELS. */
export const EVIDENCE_ORDER = Object.keys(EVIDENCE_LABELS) as EvidenceKey[];
