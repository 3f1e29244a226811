import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import {
  allScores,
  createReviewerViaApi,
  nextOpportunityNumbers,
  signedInContext,
  submitReviewViaApi,
} from './api-arrange';

/**
 * The longest data an administrator realistically enters: titles of about 150 characters, batch
 * names near BATCH_MAX, reviewer names and e-mail addresses of about 90 characters, a pending
 * invitation to such an address, and reviews of every arranged opportunity (all fives, so that
 * they head the dashboard's and the analytics' top lists). Layout journeys arrange it first, so
 * that a page too narrow for it shows.
 */
export type LongData = { titles: string[]; emails: string[]; batch: string };

const OPPORTUNITIES = 6;

const titleOf = (index: number, suffix: string) =>
  `Closed-loop recovery of rare-earth magnets from decommissioned offshore wind turbines, with a cooperative of regional recyclers and a university lab ${index} ${suffix}`;
const reviewerEmailOf = (who: string, suffix: string) =>
  `${who}.konstantinopoulou-vanderbergh.${suffix}@research-and-innovation.example-university.test`;
const invitedEmailOf = (suffix: string) =>
  `wilhelmina.featherstonehaugh-cholmondeley.${suffix}@department-of-innovation.example-university.test`;
const REVIEWERS = ['maximiliana', 'bartholomew'];

/**
 * Arranges the long data once per `suffix`: a worker that restarts after a failed test runs its
 * beforeAll again, and the 50-opportunity limit would not take the rows twice.
 */
export async function arrangeLongData(
  admin: APIRequestContext,
  baseURL: string,
  suffix: string,
): Promise<LongData> {
  const batch = `Autumn innovation intake for the regional sustainability and circular economy programme ${suffix}`;
  const titles = Array.from({ length: OPPORTUNITIES }, (_, index) => titleOf(index, suffix));
  const emails = [...REVIEWERS.map((who) => reviewerEmailOf(who, suffix)), invitedEmailOf(suffix)];
  const existing = (await (await admin.get('/api/admin/opportunities')).json()) as {
    title: string;
  }[];
  if (existing.some((row) => row.title === titles[0])) return { titles, emails, batch };

  const numbers = await nextOpportunityNumbers(admin, OPPORTUNITIES);
  const opportunities: { id: string; title: string }[] = [];
  for (const [index, number] of numbers.entries()) {
    const title = titles[index]!;
    const created = await admin.post('/api/admin/opportunities', {
      data: {
        number,
        title,
        description: `Arranged by the layout journey: ${title}`,
        status: 'published',
        batch: index % 2 === 0 ? batch : `Second intake with an equally unwieldy name ${suffix}`,
        tags: ['circular-economy-and-materials', 'offshore-renewables', 'university-partnership'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    opportunities.push({ id: ((await created.json()) as { id: string }).id, title });
  }

  for (const who of REVIEWERS) {
    const email = reviewerEmailOf(who, suffix);
    const reviewer = await createReviewerViaApi(admin, {
      name: `${who[0]!.toUpperCase()}${who.slice(1)} Alexandra Konstantinopoulou-Vanderbergh von Hohenzollern ${suffix}`,
      displayName: `Professor ${who} of Sustainable Materials Engineering ${suffix}`,
      email,
      password: 'long-data-password',
    });
    const reviewerApi = await signedInContext(baseURL, reviewer);
    for (const opportunity of opportunities) {
      await submitReviewViaApi(reviewerApi, opportunity.id, allScores(5));
    }
    await reviewerApi.dispose();
  }

  const invitation = await admin.post('/api/admin/invitations', {
    data: {
      email: invitedEmailOf(suffix),
      name: `Wilhelmina Featherstonehaugh-Cholmondeley of the Innovation Board ${suffix}`,
    },
  });
  expect(invitation.status(), await invitation.text()).toBeLessThan(300);
  return { titles, emails, batch };
}
