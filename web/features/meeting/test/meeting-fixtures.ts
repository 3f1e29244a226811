import type { AdminMeeting, MeetingItemView, MeetingView } from '@shared/discussion-schemas';
import type { ResultOpportunity, Results } from '@shared/results-schemas';

type AdminMeetingItem = AdminMeeting['agenda'][number];
type Figures = AdminMeetingItem['figures'];

let sequence = 0;
export const uuid = () => {
  sequence += 1;
  return `40000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

export function figures(overrides: Partial<Figures> = {}): Figures {
  return {
    reviewCount: 4,
    rawComposite: 3.5,
    calibratedComposite: 3.4166,
    calibratedRank: 3,
    calibratedRankInterval: { low: 2, high: 6 },
    sd: 0.8,
    flags: ['disagreement'],
    ...overrides,
  };
}

/** A published opportunity as the agenda, Results and the meeting view name it. */
export type Opportunity = Omit<AdminMeetingItem, 'opportunityId'> & { id: string };

export function opportunity(
  fields: Partial<Opportunity> & { number: number; title: string },
): Opportunity {
  return {
    id: uuid(),
    reasons: [],
    figures: figures({ flags: fields.reasons ?? [] }),
    threadState: 'open',
    postCount: 0,
    ...fields,
  };
}

export const agendaItemOf = ({ id, ...rest }: Opportunity): AdminMeetingItem => ({
  opportunityId: id,
  ...rest,
});

function resultRowOf(item: Opportunity): ResultOpportunity {
  const criterion = {
    raw: item.figures.rawComposite,
    calibrated: item.figures.calibratedComposite,
  };
  return {
    id: item.id,
    number: item.number,
    title: item.title,
    reviewCount: item.figures.reviewCount,
    rawComposite: item.figures.rawComposite,
    calibratedComposite: item.figures.calibratedComposite,
    rawRank: item.figures.calibratedRank,
    calibratedRank: item.figures.calibratedRank,
    rawRankInterval: item.figures.calibratedRankInterval,
    calibratedRankInterval: item.figures.calibratedRankInterval,
    sd: item.figures.sd,
    min: null,
    max: null,
    criteria: {
      strategicAlignment: criterion,
      sustainability: criterion,
      technologyReadiness: criterion,
      marketPotential: criterion,
      businessPotential: criterion,
    },
    flags: item.reasons,
  };
}

/** GET /api/admin/results over these published opportunities; the queue is those with reasons. */
export function resultsOf(opportunities: Opportunity[]): Results {
  const reliability = { alpha: 0.82, reading: 'reliable' as const };
  return {
    opportunities: opportunities.map(resultRowOf),
    reliability: {
      composite: reliability,
      criteria: {
        strategicAlignment: reliability,
        sustainability: reliability,
        technologyReadiness: reliability,
        marketPotential: reliability,
        businessPotential: reliability,
      },
    },
    reviewers: [],
    discussion: opportunities
      .filter((item) => item.reasons.length > 0)
      .map((item) => ({
        opportunityId: item.id,
        number: item.number,
        title: item.title,
        reasons: item.reasons as [AdminMeetingItem['reasons'][number]],
      })),
    meta: { reviewCount: 0, resamples: 1000, intervalLevel: 0.9, penalty: 2 },
  };
}

/** "Now" or "next" as a reviewer who may see it gets it. */
export function itemView(
  item: Opportunity,
  overrides: Partial<Extract<MeetingItemView, { kind: 'item' }>> = {},
): MeetingItemView {
  return {
    kind: 'item',
    opportunityId: item.id,
    number: item.number,
    title: item.title,
    imageUrl: null,
    figures: item.figures,
    canDiscuss: true,
    discussBlockedReason: null,
    ...overrides,
  };
}

export const inactiveView = (version = 1): MeetingView => ({
  active: false,
  version,
  position: 0,
  total: 0,
  now: null,
  next: null,
});
