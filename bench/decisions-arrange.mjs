// What the decisions' figures (bench/decisions.mjs) and the decision pages' (bench/web.mjs)
// arrange through the API: owners, outcomes drafted in bulk, letters quoting comments.
import { forEachLimit, request } from './lib.mjs';

/** Reviewers whose two default fields the measured letter quotes: 20 comments. */
const LETTER_REVIEWERS = 10;
const LETTER_FIELDS = ['howToBiggerBetter', 'howToGetGoing'];

/** The outcome of opportunity `j` (0-based): 10 accepted, 5 waitlisted, 5 shortlisted, the rest declined. */
export const outcomeOf = (j) =>
  j < 10 ? 'accepted' : j < 15 ? 'waitlisted' : j < 20 ? 'shortlisted' : 'declined';

export const rationaleOf = (j) =>
  `Bench rationale for opportunity ${j + 1}: the panel's scores and comments.`;

/** Every opportunity an owner, so that a release with letters writes one per opportunity. */
export async function setOwners(baseUrl, adminCookie, opportunityIds) {
  await forEachLimit(opportunityIds, 4, async (id, j) => {
    await request(baseUrl, 'PATCH', `/api/admin/opportunities/${id}`, {
      cookie: adminCookie,
      body: { ownerName: `Owner ${j + 1}`, ownerEmail: `owner${j + 1}@bench.example.com` },
    });
  });
}

/** Drafts the outcomes of outcomeOf on `opportunityIds` in one bulk call per outcome. */
export async function draftAll(baseUrl, adminCookie, opportunityIds, round) {
  const groups = new Map();
  opportunityIds.forEach((id, j) => {
    const outcome = outcomeOf(j);
    groups.set(outcome, [...(groups.get(outcome) ?? []), id]);
  });
  for (const [outcome, ids] of groups) {
    await request(baseUrl, 'POST', '/api/admin/decisions/bulk', {
      cookie: adminCookie,
      body: { ids, outcome, rationale: `Bench round ${round}: ${outcome}.` },
    });
  }
}

/** Saves a letter on `opportunityId` quoting LETTER_REVIEWERS reviewers' LETTER_FIELDS. */
export async function saveLetter(baseUrl, adminCookie, opportunityId) {
  const { json: editor } = await request(
    baseUrl,
    'GET',
    `/api/admin/opportunities/${opportunityId}/letter`,
    { cookie: adminCookie },
  );
  const items = editor.sources.slice(0, LETTER_REVIEWERS).flatMap((source, k) =>
    LETTER_FIELDS.filter((field) => source.fields[field]).map((field) => ({
      reviewerId: source.reviewerId,
      field,
      // One redacted, as an admin would: the rest quoted as written.
      text:
        k === 0 ? source.fields[field].replace(/Reviewer \d+/, 'A reviewer') : source.fields[field],
    })),
  );
  const started = performance.now();
  await request(baseUrl, 'PUT', `/api/admin/opportunities/${opportunityId}/letter`, {
    cookie: adminCookie,
    body: {
      message: 'Thank you for your application. The panel read it closely; its comments follow.',
      includeBand: true,
      items,
    },
  });
  return { items: items.length, ms: performance.now() - started };
}

/**
 * What bench/web.mjs arranges before it measures the decision pages: every opportunity decided
 * (released, then 10 drafts over them, a waitlist of 5) and a letter on `letterId`.
 */
export async function arrangeDecisions(baseUrl, adminCookie, opportunityIds, letterId) {
  await setOwners(baseUrl, adminCookie, opportunityIds);
  await draftAll(baseUrl, adminCookie, opportunityIds, 1);
  await request(baseUrl, 'POST', '/api/admin/decisions/release', {
    cookie: adminCookie,
    body: { sendLetters: false },
  });
  await redraftSome(baseUrl, adminCookie, opportunityIds);
  await saveLetter(baseUrl, adminCookie, letterId);
}

/** 10 drafts over released decisions, none touching the waitlisted ones (5 stay waitlisted). */
export async function redraftSome(baseUrl, adminCookie, opportunityIds) {
  const groups = [
    ['shortlisted', opportunityIds.slice(0, 3)],
    ['accepted', opportunityIds.slice(20, 27)],
  ];
  for (const [outcome, ids] of groups.filter(([, ids]) => ids.length > 0)) {
    await request(baseUrl, 'POST', '/api/admin/decisions/bulk', {
      cookie: adminCookie,
      body: { ids, outcome, rationale: 'Reconsidered.' },
    });
  }
}
