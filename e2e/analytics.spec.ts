import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  allScores,
  createPublishedOpportunityViaApi,
  createReviewerViaApi,
  nextOpportunityNumbers,
  signedInContext,
  submitCommentViaApi,
  submitReviewViaApi,
} from './support/api-arrange';
import { admin, checkScreen, expect, signInThroughApi, test } from './support/fixtures';

const ANALYTICS_CALLS = ['opportunities', 'reviewers', 'heatmap'] as const;

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The heatmap cell (the td itself since issue 17) of one reviewer and one opportunity number. */
async function heatmapCell(heatmap: Locator, reviewerName: string, number: number) {
  const headers = await heatmap.locator('thead th').allTextContents();
  const column = headers.indexOf(`#${number}`);
  expect(column, `column #${number} in ${headers.join(' ')}`).toBeGreaterThan(0);
  return heatmap
    .getByRole('row')
    .filter({ has: heatmap.page().getByRole('rowheader', { name: reviewerName, exact: true }) })
    .locator('td')
    .nth(column - 1);
}

/**
 * Scrolls down the page a screen at a time: the charts below the first screen render as they
 * come near the viewport (issue 17), as they do for a person reading the page.
 */
async function scrollThroughPage(page: Page) {
  for (let step = 0; step < 30; step++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    if (atEnd) break;
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

// Spec files share one server and database, in file order; this one runs early, before any
// reviewer journey, so the database has no reviews yet. Should an earlier file have left reviews,
// the three analytics answers are replaced by what an empty database answers, so the empty texts
// are still what this test sees.
test('with no reviews the analytics page shows its empty texts', async ({ page }) => {
  await signInThroughApi(page, admin);
  const heatmap = (await (await page.request.get('/api/admin/analytics/heatmap')).json()) as {
    opportunities: { composite: number | null }[];
  }[];
  const hasReviews = heatmap.some((row) => row.opportunities.some((c) => c.composite !== null));
  if (hasReviews) {
    for (const call of ANALYTICS_CALLS) {
      await page.route(`**/api/admin/analytics/${call}`, (route) => route.fulfill({ json: [] }));
    }
  }

  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced Analytics' })).toBeVisible();
  await expect(
    page.getByText('Detailed insights and trend analysis for opportunity evaluations'),
  ).toBeVisible();
  // The heatmap is asked for when its card comes near the viewport (decision 0020).
  await scrollThroughPage(page);
  await expect(
    region(page, 'Review Completion Heatmap').getByText('No review data available yet'),
  ).toBeVisible();
  for (const name of [
    'Composite Score Trend',
    'Score Breakdown by Criteria',
    'Top Opportunities by Composite Score',
    'Criteria Correlation Analysis',
  ]) {
    await expect(region(page, name).getByText('No reviews yet')).toBeVisible();
  }
  await expect(page.getByText('No reviews yet')).toHaveCount(9);
  await expect(page.getByRole('table')).toHaveCount(0);
});

test.describe('with known reviews', () => {
  const suffix = Date.now().toString(36);
  const titles = [
    `Tidal energy harvester array ${suffix}`,
    `Mycelium packaging ${suffix}`,
    `Unreviewed idea ${suffix}`,
  ];
  let numbers: number[] = [];
  let reviewerNames: string[] = [];

  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInThroughApi(page, admin);
    const api = page.request;
    numbers = await nextOpportunityNumbers(api, 3);
    const opportunities = [];
    for (const [index, title] of titles.entries()) {
      opportunities.push(
        await createPublishedOpportunityViaApi(api, {
          number: numbers[index]!,
          title,
          description: `About ${title}`,
          tags: ['analytics-e2e'],
        }),
      );
    }
    const ana = await createReviewerViaApi(api, {
      name: 'Ana Analytics',
      displayName: `Ana ${suffix}`,
      email: `ana.${suffix}@assay.test`,
      password: 'ana-password-1',
    });
    const ben = await createReviewerViaApi(api, {
      name: `Ben ${suffix}`,
      email: `ben.${suffix}@assay.test`,
      password: 'ben-password-1',
    });
    reviewerNames = [`Ana ${suffix}`, `Ben ${suffix}`];

    const anaApi = await signedInContext(baseURL!, ana);
    await submitReviewViaApi(anaApi, opportunities[0]!.id, allScores(5));
    await submitReviewViaApi(anaApi, opportunities[1]!.id, {
      ...allScores(4),
      businessPotential: 5,
    });
    await submitCommentViaApi(anaApi, opportunities[0]!.id, {
      howToBiggerBetter: 'Partner with a port operator',
      challenges: 'Maintenance at sea',
    });
    await anaApi.dispose();
    const benApi = await signedInContext(baseURL!, ben);
    await submitReviewViaApi(benApi, opportunities[0]!.id, allScores(4));
    await benApi.dispose();
    await context.close();
  });

  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page, admin);
  });

  test('the analytics page renders every section with the reviewed values', async ({ page }) => {
    test.slow();
    await page.goto('/admin/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Advanced Analytics' })).toBeVisible();
    await scrollThroughPage(page);

    // Charts: an svg with the opportunity names cut to 20 characters.
    const trend = region(page, 'Composite Score Trend');
    await expect(trend.locator('svg text', { hasText: 'Tidal energy harvest...' })).toBeVisible();
    await expect(
      region(page, 'Score Breakdown by Criteria').locator('svg text', {
        hasText: `Mycelium packaging ${suffix}`.slice(0, 20),
      }),
    ).toBeVisible();
    const correlation = region(page, 'Criteria Correlation Analysis');
    await expect(correlation.locator('figcaption')).toHaveText([
      'Technology Readiness vs Other Criteria',
      'Technology Readiness vs Market Potential',
      'Strategic Alignment vs Business Potential',
      'Sustainability vs Market Potential',
    ]);
    await expect(correlation.getByRole('application')).toHaveCount(4);
    const activity = region(page, 'Reviewer Activity & Average Scores');
    await expect(activity.locator('svg text', { hasText: reviewerNames[0]! })).toBeVisible();
    // Two value axes: review counts on the left, the average score (0-5) on the right.
    const activityChart = activity.getByRole('application', {
      name: 'Reviewer Activity & Average Scores chart',
    });
    await expect(
      activityChart.locator('[data-axis="left"] text', { hasText: /^Reviews$/ }),
    ).toBeVisible();
    await expect(activityChart.locator('[data-axis="right"] text')).toHaveText([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      'Avg Score',
    ]);

    // Top table: composite, reviews and disagreement of our two reviewed opportunities.
    const top = region(page, 'Top Opportunities by Composite Score');
    const first = top.getByRole('row').filter({ hasText: titles[0]! });
    await expect(first.getByRole('cell')).toHaveText([
      /^\d+/,
      `#${numbers[0]}`,
      titles[0]!,
      '4.50',
      '2',
      'Standard deviation ±0.50Range 4.00–5.00',
    ]);
    const second = top.getByRole('row').filter({ hasText: titles[1]! });
    await expect(second.getByRole('cell').nth(3)).toHaveText('4.20');
    await expect(top.getByRole('row').filter({ hasText: titles[2]! })).toHaveCount(0);
    await expect(top.getByRole('row').nth(1).getByText('Top ranked')).toBeAttached();
    await expect(top.getByText('Top ranked')).toHaveCount(1);

    // Criterion lists: '#number title' and 1 decimal.
    const business = page.getByTestId('criterion-top-avgBusinessPotential');
    await expect(business.getByRole('heading', { name: 'Business Potential' })).toBeVisible();
    await expect(
      business.getByRole('listitem').filter({ hasText: `#${numbers[1]} ${titles[1]}` }),
    ).toContainText('5.0');
    await expect(
      business.getByRole('listitem').filter({ hasText: `#${numbers[0]} ${titles[0]}` }),
    ).toContainText('4.5');

    // Heatmap: cells, bands and tooltips.
    const heatmap = region(page, 'Review Completion Heatmap');
    await expect(heatmap.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText([
      '1-2',
      '2-3',
      '3-4',
      '4-5',
      'Not reviewed',
    ]);
    const scored = await heatmapCell(heatmap, reviewerNames[0]!, numbers[1]!);
    await expect(scored).toHaveText('4.2');
    await expect(scored).toHaveAttribute('data-band', '4-5');
    await scored.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Score: 4.20');
    await page.mouse.move(0, 0, { steps: 5 });
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    const benFirst = await heatmapCell(heatmap, reviewerNames[1]!, numbers[0]!);
    await expect(benFirst).toHaveText('4.0');
    const notReviewed = await heatmapCell(heatmap, reviewerNames[1]!, numbers[1]!);
    await expect(notReviewed).toHaveText('-');
    await notReviewed.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Not reviewed');
    await page.mouse.move(0, 0, { steps: 5 });

    await checkScreen(page, 'analytics');
  });

  test('each export downloads its CSV under the server file name with its header row', async ({
    page,
  }) => {
    test.slow();
    const expectedHeaders = {
      opportunities: 'number,title,description,status,batch,tags,created_at,published_at',
      reviews:
        'opportunity_number,opportunity_title,reviewer_name,reviewer_display_name,reviewer_email,strategic_alignment,sustainability,technology_readiness,market_potential,business_potential,composite,weighted_composite,submitted_at,updated_at',
      comments:
        'opportunity_number,opportunity_title,reviewer_name,reviewer_email,how_to_bigger_better,challenges,how_to_get_going,other_comments,submitted_at,updated_at',
      audit:
        'created_at,user_id,user_name,user_email,action,entity_type,entity_id,changes,ip_address,user_agent',
    } as const;
    await page.goto('/admin/exports');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Exports' })).toBeVisible();
    for (const [type, header] of Object.entries(expectedHeaders)) {
      const card = page.getByTestId(`export-${type}`);
      const before = new Date().toISOString().slice(0, 10);
      const downloaded = page.waitForEvent('download');
      await card.getByRole('button', { name: 'Download CSV' }).click();
      const download = await downloaded;
      const after = new Date().toISOString().slice(0, 10);
      expect([`${type}_export_${before}.csv`, `${type}_export_${after}.csv`]).toContain(
        download.suggestedFilename(),
      );
      const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
      const [firstLine] = text.split('\r\n');
      expect(firstLine).toBe(header);
      if (type !== 'opportunities') expect(text).toContain(titles[0]!);
      await expect(page.getByText('Export Complete', { exact: true })).toBeVisible();
      const label = `${type[0]!.toUpperCase()}${type.slice(1)} data exported successfully`;
      await expect(page.getByText(label, { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    }
    await checkScreen(page, 'exports');
  });
});
