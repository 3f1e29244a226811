import type {
  DecisionEntry,
  DecisionEvidence,
  DecisionPanel,
  DecisionRevision,
  LetterEditor,
} from '@shared/decision-schemas';

let sequence = 0;
export const uuid = () => {
  sequence += 1;
  return `40000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

export function evidence(overrides: Partial<DecisionEvidence> = {}): DecisionEvidence {
  return {
    reviewCount: 3,
    rawComposite: 4.1,
    calibratedComposite: 4.0,
    calibratedRank: 2,
    calibratedRankInterval: { low: 1, high: 3 },
    flags: [],
    alpha: 0.82,
    ranked: 10,
    ...overrides,
  };
}

const admin = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Lovelace' };

/** A decision entry of opportunity `number`; a draft unless `state` says released. */
export function entry(
  overrides: Partial<DecisionEntry> & { number: number; opportunityId: string },
): DecisionEntry {
  const state = overrides.state ?? 'draft';
  return {
    id: uuid(),
    revision: 1,
    outcome: 'accepted',
    rationale: '',
    state,
    decidedBy: admin,
    decidedAt: '2026-05-01T10:00:00.000Z',
    releasedBy: state === 'released' ? admin : null,
    releasedAt: state === 'released' ? '2026-05-02T10:00:00.000Z' : null,
    evidence: evidence(),
    letterTo: null,
    proposedFor: null,
    title: `Opportunity ${overrides.number}`,
    ownerEmail: null,
    waitlistPosition: null,
    flags: [],
    changedSince: [],
    ...overrides,
  };
}

export function revision(
  overrides: Partial<DecisionRevision> & { revision: number; opportunityId: string },
): DecisionRevision {
  return {
    id: uuid(),
    outcome: 'accepted',
    rationale: '',
    state: 'draft',
    decidedBy: admin,
    decidedAt: '2026-05-01T10:00:00.000Z',
    releasedBy: null,
    releasedAt: null,
    evidence: evidence(),
    letterTo: null,
    proposedFor: null,
    ...overrides,
  };
}

export function panelOf(
  opportunityId: string,
  overrides: Partial<DecisionPanel> = {},
): DecisionPanel {
  return {
    opportunity: {
      id: opportunityId,
      number: 4,
      title: 'Heat pumps',
      status: 'published',
      ownerName: 'Olga Owner',
      ownerEmail: 'olga@example.com',
    },
    draft: null,
    released: null,
    history: [],
    evidenceNow: evidence(),
    ...overrides,
  };
}

export const reviewerA = '50000000-0000-4000-8000-000000000001';
export const reviewerB = '50000000-0000-4000-8000-000000000002';

export function letterOf(overrides: Partial<LetterEditor> = {}): LetterEditor {
  return {
    message: '',
    includeBand: false,
    items: [],
    sources: [
      {
        reviewerId: reviewerA,
        label: 'Reviewer A',
        name: 'Ann Alvarez',
        fields: {
          howToBiggerBetter: 'Partner with the water utility.',
          challenges: 'The permits take a year.',
          howToGetGoing: 'Start with one district.',
          otherComments: null,
        },
      },
      {
        reviewerId: reviewerB,
        label: 'Reviewer B',
        name: 'Bob Brown',
        fields: {
          howToBiggerBetter: null,
          challenges: 'Costs are unclear.',
          howToGetGoing: '',
          otherComments: 'Nice pitch.',
        },
      },
    ],
    updatedAt: null,
    ...overrides,
  };
}
