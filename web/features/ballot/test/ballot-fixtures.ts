import type { BallotPlace, BallotResults, ReviewerBallot } from '@shared/ballot-schemas';

let sequence = 0;
export const uuid = () => {
  sequence += 1;
  return `37000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

type Candidate = ReviewerBallot['candidates'][number];

export function candidate(fields: Partial<Candidate> & { number: number }): Candidate {
  return {
    id: uuid(),
    title: `Opportunity ${fields.number}`,
    imageUrl: null,
    composite: null,
    ...fields,
  };
}

export function reviewerBallot(fields: Partial<ReviewerBallot> = {}): ReviewerBallot {
  return { open: true, eligible: true, candidates: [], ranking: [], savedAt: null, ...fields };
}

export function place(fields: Partial<BallotPlace> & { id: string; place: number }): BallotPlace {
  return {
    keepShare: 0.9,
    firstShare: fields.place === 1 ? 0.9 : 0.05,
    interval: { low: fields.place, high: fields.place },
    bordaPoints: 3,
    bordaPlace: fields.place,
    calibratedComposite: 3.5,
    scorePlace: fields.place,
    ...fields,
  };
}

/** A count of three finalists: #3 first, #7 and #12 tied for 2nd. */
export function threeFinalists() {
  const solar = { id: uuid(), number: 3, title: 'Solar kiosks', imageUrl: null };
  const water = { id: uuid(), number: 7, title: 'Water carts', imageUrl: null };
  const tidal = { id: uuid(), number: 12, title: 'Tidal kites', imageUrl: null };
  const results: BallotResults = {
    open: true,
    electorate: 3,
    ballots: 2,
    voters: [
      { id: uuid(), name: 'Grace Hopper' },
      { id: uuid(), name: 'Alan Turing' },
    ],
    candidates: [solar, water, tidal],
    d: [
      [0, 28, 30],
      [17, 0, 20],
      [15, 20, 0],
    ],
    p: [
      [0, 28, 30],
      [0, 0, 0],
      [0, 0, 0],
    ],
    schulze: [[solar.id], [water.id, tidal.id]],
    borda: [[solar.id], [tidal.id], [water.id]],
    scores: [[water.id], [solar.id], [tidal.id]],
    places: [
      place({
        id: solar.id,
        place: 1,
        keepShare: 0.87,
        interval: { low: 1, high: 2 },
        scorePlace: 2,
      }),
      place({ id: water.id, place: 2, bordaPlace: 3, scorePlace: 1, calibratedComposite: 3.9 }),
      place({ id: tidal.id, place: 2, scorePlace: null, calibratedComposite: null }),
    ],
    pairs: [
      {
        above: solar.id,
        below: water.id,
        tied: false,
        strength: 28,
        against: 0,
        path: [solar.id, water.id],
        weakest: { from: solar.id, to: water.id, votes: 28 },
        sentence: '#3 Solar kiosks is above #7 Water carts: 28 reviewers prefer it directly.',
      },
      {
        above: water.id,
        below: tidal.id,
        tied: true,
        strength: 0,
        against: 0,
        path: [],
        weakest: null,
        sentence: '#7 Water carts and #12 Tidal kites are tied: neither beats the other.',
      },
    ],
    differences: [
      { id: solar.id, ballotPlace: 1, scorePlace: 2 },
      { id: water.id, ballotPlace: 2, scorePlace: 1 },
      { id: tidal.id, ballotPlace: 2, scorePlace: null },
    ],
    winner: {
      clear: false,
      message: '#3 Solar kiosks leads, but keeps first place in 87% of resamples.',
    },
    resamples: 1000,
    level: 0.9,
  };
  return { solar, water, tidal, results };
}
