import type { APIRequestContext } from '@playwright/test';
import { allScores, submitReviewViaApi } from './support/api-arrange';
import { admin as adminAccount, expect, signInThroughApi, test } from './support/fixtures';
import { emailsTo } from './support/mail-drop';
import { resetCycleSettings, setSetting } from './support/review-cycle-arrange';
import {
  adminApi,
  CRITERION_LABELS,
  createPublishedOpportunity,
  createReviewerAccount,
  nextOpportunityNumber,
  type PublishedOpportunity,
  type ReviewerAccount,
  runTag,
  signedInApi,
} from './support/reviewer-arrange';

/**
 * The panel's deliberation (issue 36) end to end: a reviewer finishes a review, opens the thread
 * from their detail page, mentions another reviewer; the other gets the digest in the mail drop
 * and replies; the admin resolves the thread, and the summary is on the thread and offered as the
 * decision's rationale. `reviewer_comments_after_own_review` is on, so the thread opens to each
 * reviewer only once their own review is complete. The digest goes through the server's own loop
 * (it looks for due work every second here, playwright.config.ts).
 */

const tag = runTag();

let admin: APIRequestContext;
let opportunity: PublishedOpportunity;
let writer: ReviewerAccount;
let replier: ReviewerAccount;

test.beforeAll(async () => {
  admin = await adminApi();
  await setSetting(admin, 'reviewer_comments_after_own_review', 'true');
  opportunity = await createPublishedOpportunity(admin, {
    number: await nextOpportunityNumber(admin),
    title: `Heat from sewers ${tag}`,
    description: 'Heat pumps on the sewer mains of a district.',
  });
  writer = await createReviewerAccount(admin, {
    name: `Wanda Writer ${tag}`,
    email: `discussion-writer-${tag}@assay.test`,
  });
  replier = await createReviewerAccount(admin, {
    name: `Rory Replier ${tag}`,
    email: `discussion-replier-${tag}@assay.test`,
  });
});

test.afterAll(async () => {
  const deleted = await admin.delete(`/api/admin/opportunities/${opportunity.id}`);
  expect(deleted.status(), await deleted.text()).toBe(200);
  await resetCycleSettings(admin);
  await admin.dispose();
});

test('a reviewer mentions another after their review, the digest brings the reply, and the admin resolves with a summary', async ({
  browser,
}) => {
  test.setTimeout(3 * 60_000);

  // The writer finishes their review on the page; the thread opens below it once it is saved.
  const writerContext = await browser.newContext();
  const page = await writerContext.newPage();
  await signInThroughApi(page, writer);
  await page.goto(`/reviewer/opportunities/${opportunity.id}`);
  await expect(page.getByRole('heading', { level: 1, name: opportunity.title })).toBeVisible();
  const discussion = page.getByRole('region', { name: 'Discussion' });
  for (const criterion of CRITERION_LABELS) {
    await page
      .getByRole('radiogroup', { name: criterion })
      .getByRole('radio', { name: '4' })
      .click();
  }
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('All changes saved', {
    timeout: 15_000,
  });
  // The replier reviews too (through the API), so that they may read the thread and be mentioned.
  const replierApi = await signedInApi(replier);
  await submitReviewViaApi(replierApi, opportunity.id, allScores(2));
  await page.reload();
  await expect(discussion).toBeVisible({ timeout: 15_000 });
  await expect(discussion.getByText('No posts yet. Start the discussion.')).toBeVisible();

  // A post with a mention chosen from the list by keyboard.
  const editor = discussion.getByLabel('Your post');
  await editor.click();
  await editor.pressSequentially('Why a 2 on market potential? @Rory');
  const people = discussion.getByRole('listbox', { name: 'People to mention' });
  await expect(
    people.getByRole('option', { name: new RegExp(`Rory Replier ${tag}`) }),
  ).toBeVisible();
  await editor.press('Enter');
  await editor.pressSequentially('the heat price is fixed for ten years.');
  await editor.press('Control+Enter');
  const posts = discussion.getByRole('list', { name: 'Posts' });
  await expect(posts.getByRole('listitem')).toHaveCount(1);
  await expect(posts).toContainText('the heat price is fixed for ten years.');
  await expect(editor).toHaveValue('');

  // The replier's digest: the post quoted, with the link to the thread.
  const digestsTo = (address: string) =>
    emailsTo(address).filter((email) => email.subject.includes('new post'));
  await expect
    .poll(() => digestsTo(replier.email).length, { timeout: 60_000, intervals: [500] })
    .toBe(1);
  const [digest] = digestsTo(replier.email);
  expect(digest!.subject).toBe(
    `Assay: 1 new post in the discussion of #${opportunity.number} ${opportunity.title}`,
  );
  expect(digest!.text).toContain(`Wanda Writer ${tag} mentioned you:`);
  expect(digest!.text).toContain('the heat price is fixed for ten years.');
  const link = /https?:\/\/\S+#discussion/.exec(digest!.text)?.[0];
  expect(link).toContain(`/reviewer/opportunities/${opportunity.id}#discussion`);
  // Nothing for one's own post.
  expect(digestsTo(writer.email)).toEqual([]);

  // The replier follows the link and replies.
  const replierContext = await browser.newContext();
  const replierPage = await replierContext.newPage();
  await signInThroughApi(replierPage, replier);
  await replierPage.goto(new URL(link!).pathname + new URL(link!).hash);
  const replierDiscussion = replierPage.getByRole('region', { name: 'Discussion' });
  await expect(replierDiscussion.getByRole('list', { name: 'Posts' })).toContainText(
    'Why a 2 on market potential?',
  );
  await replierDiscussion
    .getByLabel('Your post')
    .fill('Fair point: the price risk is lower than I scored. I would give a 3.');
  await replierDiscussion.getByRole('button', { name: 'Post' }).click();
  await expect(
    replierDiscussion.getByRole('list', { name: 'Posts' }).getByRole('listitem'),
  ).toHaveCount(2);

  // The writer, a participant, is told of the reply by their own digest.
  await expect
    .poll(() => digestsTo(writer.email).length, { timeout: 60_000, intervals: [500] })
    .toBe(1);
  expect(digestsTo(writer.email)[0]!.text).toContain(`Rory Replier ${tag} wrote:`);

  // The admin resolves the thread on the decision page; the summary heads the thread, and the
  // decision's rationale can start from it.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughApi(adminPage, adminAccount);
  await adminPage.goto(`/admin/results/decisions/${opportunity.id}#discussion`);
  const adminDiscussion = adminPage.getByRole('region', { name: 'Discussion' });
  await expect(
    adminDiscussion.getByRole('list', { name: 'Posts' }).getByRole('listitem'),
  ).toHaveCount(2);
  await adminDiscussion.getByRole('button', { name: 'Resolve' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Resolve Discussion' });
  const summary = 'Market potential agreed at 3: the heat price is fixed for ten years.';
  await dialog.getByLabel('Summary').fill(summary);
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog).toBeHidden();
  await expect(adminDiscussion.getByText(summary)).toBeVisible();
  await adminPage.getByRole('button', { name: 'Use the discussion summary' }).click();
  await expect(adminPage.getByLabel('Rationale')).toHaveValue(summary);

  // The reviewers see the summary on the thread too.
  await replierPage.reload();
  await expect(replierDiscussion.getByText(summary)).toBeVisible({ timeout: 15_000 });

  await replierApi.dispose();
  await Promise.all([writerContext.close(), replierContext.close(), adminContext.close()]);
});
