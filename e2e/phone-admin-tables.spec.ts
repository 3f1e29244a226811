import {
  type ArrangedOpportunity,
  type ArrangedReviewer,
  allScores,
  createPublishedOpportunityViaApi,
  createReviewerViaApi,
  deleteOpportunitiesViaApi,
  deleteReviewersViaApi,
  nextOpportunityNumbers,
  okJson,
  signedInContext,
  submitReviewViaApi,
} from './support/api-arrange';
import { admin, asAdmin, expect, signInThroughApi, test } from './support/fixtures';
import { expectCardInView, expectNoSidewaysScroll } from './support/table-layout';

/**
 * The admin tables on a phone (issue 38): a row of the reviewers, pending invitations,
 * opportunities, decisions, top opportunities and conflicts tables is a card with the cells that
 * matter, its checkbox and its actions in view, where they sat past the screen's edge; no table
 * scrolls sideways inside its card, and a card's checkbox and menu work from the keyboard.
 * (The Results tables: phone-results.spec.ts.)
 */

const suffix = Date.now().toString(36);

type Arranged = {
  opportunities: ArrangedOpportunity[];
  reviewers: ArrangedReviewer[];
  conflictId: string;
  invitation: { id: string; email: string };
};
let arranged: Arranged;

test.beforeAll(async ({ browser, baseURL }) => {
  arranged = await asAdmin(browser, baseURL, async (api) => {
    const numbers = await nextOpportunityNumbers(api, 2);
    const opportunities = [];
    for (const [index, number] of numbers.entries()) {
      const title = `Phone admin card ${index + 1} with a title long enough to wrap ${suffix}`;
      opportunities.push(await createPublishedOpportunityViaApi(api, { number, title }));
    }
    const reviewers = [];
    for (const who of ['reviewing', 'conflicted']) {
      reviewers.push(
        await createReviewerViaApi(api, {
          name: `Phone ${who} reviewer ${suffix}`,
          email: `phone.admin.${who}.${suffix}@assay.test`,
          password: 'phone-admin-password-1',
        }),
      );
    }
    const reviewerApi = await signedInContext(baseURL!, reviewers[0]!);
    for (const opportunity of opportunities) {
      await submitReviewViaApi(reviewerApi, opportunity.id, allScores(4));
    }
    await reviewerApi.dispose();
    await okJson(
      await api.put(`/api/admin/opportunities/${opportunities[0]!.id}/decision`, {
        data: { outcome: 'accepted' },
      }),
      'decide',
    );
    const conflict = await okJson<{ id: string }>(
      await api.post('/api/admin/conflicts', {
        data: {
          reviewerId: reviewers[1]!.id,
          opportunityId: opportunities[1]!.id,
          reason: 'Advises the owner on another project',
        },
      }),
      'record a conflict',
    );
    const email = `phone.admin.invited.${suffix}@assay.test`;
    const invitation = await okJson<{ id: string }>(
      await api.post('/api/admin/invitations', {
        data: { email, name: `Phone invited ${suffix}` },
      }),
      'invite',
    );
    return {
      opportunities,
      reviewers,
      conflictId: conflict.id,
      invitation: { id: invitation.id, email },
    };
  });
});

// Other spec files share the server: what was arranged goes, conflicts and decisions with it.
test.afterAll(async ({ browser, baseURL }) => {
  if (!arranged) return;
  await asAdmin(browser, baseURL, async (api) => {
    await okJson(await api.delete(`/api/admin/conflicts/${arranged.conflictId}`), 'withdraw');
    await okJson(await api.delete(`/api/admin/invitations/${arranged.invitation.id}`), 'revoke');
    await deleteOpportunitiesViaApi(api, arranged.opportunities);
    await deleteReviewersViaApi(api, arranged.reviewers);
  });
});

test('every admin table shows each row as a card within a 390 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page, admin);
  const [decided, conflicted] = arranged.opportunities;
  const [reviewing, conflictedReviewer] = arranged.reviewers;

  // Reviewers: the card's checkbox and menu, reached by the keyboard; 'select all' above.
  await page.goto('/admin/reviewers');
  await page.getByLabel('Search reviewers').fill(reviewing!.name);
  const reviewers = page.getByRole('table', { name: 'Reviewers' });
  const reviewer = reviewers.getByRole('row').filter({ hasText: reviewing!.email });
  const check = reviewer.getByRole('checkbox', { name: `Select ${reviewing!.name}` });
  const menu = reviewer.getByRole('button', { name: `Actions for ${reviewing!.name}` });
  await expectCardInView(reviewer, { labels: ['Email', 'Status'], controls: [check, menu] });
  await expect(
    reviewers.getByRole('checkbox', { name: 'Select all shown reviewers' }),
  ).toBeInViewport();
  await expectNoSidewaysScroll(reviewers);
  await check.focus();
  await page.keyboard.press('Space');
  await expect(check).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(menu).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  const invitations = page.getByRole('table', { name: 'Pending Invitations' });
  const invitation = invitations.getByRole('row').filter({ hasText: arranged.invitation.email });
  await expectCardInView(invitation, {
    labels: ['Name', 'Invited', 'Expires'],
    controls: [
      invitation.getByRole('button', { name: /^Resend invitation/ }),
      invitation.getByRole('button', { name: /^Revoke invitation/ }),
    ],
  });
  await expectNoSidewaysScroll(invitations);

  await page.goto('/admin/opportunities');
  await page.getByLabel('Search opportunities').fill(decided!.title);
  const opportunities = page.getByRole('table', { name: 'Opportunities' });
  const opportunity = opportunities.getByRole('row').filter({ hasText: decided!.title });
  await expectCardInView(opportunity, {
    labels: ['Status'],
    controls: [
      opportunity.getByRole('checkbox', { name: `Select #${decided!.number}` }),
      opportunity.getByRole('button', { name: `Actions for #${decided!.number}` }),
    ],
  });
  await expectNoSidewaysScroll(opportunities);

  await page.goto('/admin/results/decisions');
  const decisions = page.getByRole('table', { name: 'Decisions' });
  const decision = decisions
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: decided!.title }) });
  await expectCardInView(decision, {
    labels: ['In force', 'Draft', 'Flags', 'Evidence', 'Letter to'],
  });
  await expect(decision.locator('[data-label="Draft"]')).toContainText('Accepted');
  await expectNoSidewaysScroll(decisions);

  // Analytics: the first of the top opportunities (other spec files' may rank above ours).
  await page.goto('/admin/analytics');
  const top = page.getByRole('table', { name: 'Top opportunities by composite score' });
  await expectCardInView(top.locator('tbody tr').first(), {
    labels: ['Composite', 'Reviews', 'Disagreement'],
  });
  await expectNoSidewaysScroll(top);

  await page.goto('/admin/assignments');
  const conflicts = page.getByRole('table', { name: 'Conflicts of interest' });
  const conflict = conflicts.getByRole('row').filter({ hasText: conflictedReviewer!.name });
  await expectCardInView(conflict, {
    labels: ['Opportunity', 'Reason', 'Declared by', 'Date'],
    controls: [conflict.getByRole('button', { name: /^Withdraw conflict/ })],
  });
  await expect(conflict.locator('[data-label="Opportunity"]')).toContainText(conflicted!.title);
  await expectNoSidewaysScroll(conflicts);
});
