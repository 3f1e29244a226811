import type { Results } from '@shared/results-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeResponse, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  reliability,
  resultOpportunity,
  resultReviewer,
  resultsOf,
} from '../test/results-fixtures';

function openResults(answer: Results | FakeResponse | (() => Results | FakeResponse)) {
  const requests = stubSession(adminUser, (request) => {
    if (request.url !== '/api/admin/results') return undefined;
    const value = typeof answer === 'function' ? answer() : answer;
    return 'meta' in value ? { status: 200, body: value } : value;
  });
  const app = renderApp('/admin/results');
  return { app, requests };
}

// Raw order: Heat pumps, Tidal kites, Seaweed farms. Calibration lifts Seaweed farms from 3rd to
// 1st (its reviewers were harsh) and drops Heat pumps to 3rd; Old idea has no review.
const heatPumps = resultOpportunity({
  number: 1,
  title: 'Heat pumps',
  rawComposite: 4.4,
  calibratedComposite: 3.6,
  rawRank: 1,
  calibratedRank: 3,
  rawRankInterval: { low: 1, high: 2 },
  calibratedRankInterval: { low: 2, high: 6 },
  reviewCount: 3,
  sd: 1.2,
  min: 2.6,
  max: 5,
  flags: ['disagreement'],
});
const tidalKites = resultOpportunity({
  number: 2,
  title: 'Tidal kites',
  rawComposite: 4.1,
  calibratedComposite: 3.9,
  rawRank: 2,
  calibratedRank: 2,
  rawRankInterval: { low: 1, high: 3 },
  calibratedRankInterval: { low: 1, high: 3 },
});
const seaweedFarms = resultOpportunity({
  number: 3,
  title: 'Seaweed farms',
  rawComposite: 3.2,
  calibratedComposite: 4.3,
  rawRank: 3,
  calibratedRank: 1,
  rawRankInterval: { low: 2, high: 3 },
  calibratedRankInterval: { low: 1, high: 6 },
  reviewCount: 1,
  sd: 0,
  flags: ['calibration-shift', 'uncertain-rank', 'few-reviews'],
});
const oldIdea = resultOpportunity({ number: 4, title: 'Old idea', rank: null });
// Three settled opportunities below them, so that intervals can reach the 6th place.
const settled = [5, 6, 7].map((number) => resultOpportunity({ number, rank: number - 1 }));

const results = resultsOf({
  // In calibrated rank order, as the server sends them.
  opportunities: [seaweedFarms, tidalKites, heatPumps, ...settled, oldIdea],
  reviewers: [
    resultReviewer({ name: 'Ann Alvarez', offset: 0.71, agreement: 0.9, flags: ['lenient'] }),
    resultReviewer({
      name: 'Bob Brown',
      offset: -0.2,
      sharedCount: 6,
      agreement: 0.05,
      flags: ['out-of-line'],
    }),
    resultReviewer({
      name: 'Cleo Chen',
      reviewCount: 1,
      offset: 0,
      sharedCount: 1,
      agreement: null,
    }),
  ],
  discussion: [
    {
      opportunityId: seaweedFarms.id,
      number: 3,
      title: 'Seaweed farms',
      reasons: ['calibration-shift', 'uncertain-rank', 'few-reviews'],
    },
    { opportunityId: heatPumps.id, number: 1, title: 'Heat pumps', reasons: ['disagreement'] },
    { opportunityId: oldIdea.id, number: 4, title: 'Old idea', reasons: ['few-reviews'] },
  ],
});

const ranking = () => screen.findByRole('region', { name: 'Ranking' });

/** The visible text of each body row's cells (screen-reader-only text left out). */
function visibleRows(table: HTMLElement) {
  return within(table)
    .getAllByTestId('ranking-row')
    .map((row) =>
      [...row.children].map((cell) => {
        const copy = cell.cloneNode(true) as HTMLElement;
        for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
        return copy.textContent;
      }),
    );
}

describe('results page', () => {
  // The page is a lazy chunk: load it once up front so no test's first query waits for it.
  beforeAll(async () => {
    await import('@web/app/routes/admin/results-page');
  }, 30_000);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the title, a loading state, then every section', async () => {
    openResults(results);
    expect(await screen.findByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Loading results' })).toBeInTheDocument();
    expect(await ranking()).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading results' })).not.toBeInTheDocument();
    for (const name of [
      'Rank Intervals',
      'Discussion Queue',
      'Panel Reliability',
      'Reviewer Calibration',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(document.title).toBe('Results · Assay');
  });

  it('keeps its form controls out of the parts the browser skips off screen', async () => {
    openResults(results);
    expect(await ranking()).toBeVisible();
    // A form control in a content-visibility: auto subtree makes Chromium style and lay out the
    // whole subtree after the first paint, undoing the skip:
    // 1,161 elements and 40 ms of a desktop's main thread at 200 x 50 (decision 0026).
    const skipped = [...document.querySelectorAll('[class*="content-visibility:auto"]')];
    expect(skipped.length).toBeGreaterThanOrEqual(2);
    for (const part of skipped) expect(part.querySelector('input, select, textarea')).toBeNull();
    expect(screen.getByRole('spinbutton', { name: 'Shade the top' })).toBeInTheDocument();
  });

  it("says 'No reviews yet' when nothing has been reviewed", async () => {
    openResults(resultsOf({ opportunities: [resultOpportunity({ number: 1, rank: null })] }));
    expect(await screen.findByRole('heading', { name: 'No reviews yet' })).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ranking' })).not.toBeInTheDocument();
  });

  it('ranks by the calibrated composite, with the move against the raw ranking', async () => {
    openResults(results);
    const table = within(await ranking()).getByRole('table', {
      name: 'Opportunities ranked by calibrated composite',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Rank',
      'Moved',
      '#',
      'Opportunity',
      'Raw',
      'Calibrated',
      'Rank interval',
      'SD',
      'Reviews',
      'Flags',
    ]);
    expect(visibleRows(table)).toEqual([
      [
        '1',
        '▲2',
        '#3',
        'Seaweed farms',
        '3.20',
        '4.30',
        '1 (1-6)',
        '0.00',
        '1',
        'Calibration moves itUncertain rankFewer than 2 reviews',
      ],
      ['2', '=', '#2', 'Tidal kites', '4.10', '3.90', '2 (1-3)', '0.50', '2', '-'],
      ['3', '▼2', '#1', 'Heat pumps', '4.40', '3.60', '3 (2-6)', '1.20', '3', 'Reviewers disagree'],
      ['4', '=', '#5', 'Opportunity 5', '3.00', '3.00', '4 (4-4)', '0.50', '2', '-'],
      ['5', '=', '#6', 'Opportunity 6', '3.00', '3.00', '5 (5-5)', '0.50', '2', '-'],
      ['6', '=', '#7', 'Opportunity 7', '3.00', '3.00', '6 (6-6)', '0.50', '2', '-'],
      ['-', '-', '#4', 'Old idea', '-', '-', '-', '-', '0', 'Fewer than 2 reviews'],
    ]);
    const seaweed = within(table).getByRole('row', { name: /Seaweed farms/ });
    expect(within(seaweed).getByText('2 places higher than in the raw ranking')).toHaveClass(
      'sr-only',
    );
    const heat = within(table).getByRole('row', { name: /Heat pumps/ });
    expect(within(heat).getByText('3 (2-6)')).toBeVisible();
    expect(within(heat).getByText('Rank 3, likely between 2 and 6')).toHaveClass('sr-only');
  });

  it('re-sorts by the raw composite with the switch, by click and by arrow key', async () => {
    openResults(results);
    const card = await ranking();
    const group = within(card).getByRole('radiogroup', { name: 'Rank by' });
    expect(within(group).getByRole('radio', { name: 'Calibrated' })).toBeChecked();
    const user = userEvent.setup();

    await user.click(within(group).getByRole('radio', { name: 'Raw' }));
    const table = within(card).getByRole('table', {
      name: 'Opportunities ranked by raw composite',
    });
    expect(visibleRows(table).map((cells) => cells.slice(0, 4))).toEqual([
      ['1', '▲2', '#1', 'Heat pumps'],
      ['2', '=', '#2', 'Tidal kites'],
      ['3', '▼2', '#3', 'Seaweed farms'],
      ['4', '=', '#5', 'Opportunity 5'],
      ['5', '=', '#6', 'Opportunity 6'],
      ['6', '=', '#7', 'Opportunity 7'],
      ['-', '-', '#4', 'Old idea'],
    ]);
    const heat = within(table).getByRole('row', { name: /Heat pumps/ });
    expect(within(heat).getByText('2 places higher than in the calibrated ranking')).toBeTruthy();
    expect(within(heat).getByText('1 (1-2)')).toBeVisible();

    await user.keyboard('{ArrowLeft}');
    expect(within(group).getByRole('radio', { name: 'Calibrated' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Calibrated' })).toHaveFocus();
    expect(visibleRows(within(card).getByRole('table'))[0]?.[3]).toBe('Seaweed farms');
  });

  it('draws the rank intervals as one described image, with an adjustable top band', async () => {
    openResults(results);
    const card = await screen.findByRole('region', { name: 'Rank Intervals' });
    const chart = within(card).getByRole('img', {
      name: 'Rank intervals of 6 opportunities ranked by calibrated composite, with the top 6 shaded',
    });
    // The default of 10 is cut to the 6 ranked opportunities.
    expect(within(card).getByRole('spinbutton', { name: 'Shade the top' })).toHaveValue(6);
    expect(chart).toHaveAccessibleDescription(
      'Top 6 band: 6 opportunities surely in it, 0 opportunities that could be in or out, 0 opportunities surely outside.',
    );
    expect(
      within(card)
        .getAllByTestId('interval-row')
        .map((row) => row.textContent),
    ).toEqual([
      '#3 Seaweed farms',
      '#2 Tidal kites',
      '#1 Heat pumps',
      '#5 Opportunity 5',
      '#6 Opportunity 6',
      '#7 Opportunity 7',
    ]);

    const user = userEvent.setup();
    const topN = within(card).getByRole('spinbutton', { name: 'Shade the top' });
    await user.clear(topN);
    await user.type(topN, '2');
    expect(chart).toHaveAccessibleName(
      'Rank intervals of 6 opportunities ranked by calibrated composite, with the top 2 shaded',
    );
    expect(chart).toHaveAccessibleDescription(
      'Top 2 band: 0 opportunities surely in it, 3 opportunities that could be in or out, 3 opportunities surely outside.',
    );

    await user.click(screen.getByRole('radio', { name: 'Raw' }));
    expect(within(card).getAllByTestId('interval-row')[0]).toHaveTextContent('#1 Heat pumps');
    expect(chart).toHaveAccessibleDescription(
      'Top 2 band: 1 opportunity surely in it, 2 opportunities that could be in or out, 3 opportunities surely outside.',
    );
  });

  it('lists the discussion queue in order, each with its reasons and their evidence', async () => {
    openResults(results);
    const card = await screen.findByRole('region', { name: 'Discussion Queue' });
    const items = within(card).getAllByTestId('discussion-item');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      '#3 Seaweed farms',
      '#1 Heat pumps',
      '#4 Old idea',
    ]);
    expect(
      within(items[0]!)
        .getAllByRole('listitem')
        .map((reason) => reason.textContent),
    ).toEqual([
      'Calibration moves itraw rank 3, calibrated rank 1',
      'Uncertain rankcould rank anywhere from 1 to 6',
      'Fewer than 2 reviews1 review',
    ]);
    expect(within(items[1]!).getByRole('listitem')).toHaveTextContent(
      'Reviewers disagreecomposites from 2.60 to 5.00, SD 1.20',
    );
    expect(within(items[2]!).getByRole('listitem')).toHaveTextContent(
      'Fewer than 2 reviews0 reviews',
    );
  });

  it("shows each reviewer's offset, agreement and flags in words", async () => {
    openResults(results);
    const card = await screen.findByRole('region', { name: 'Reviewer Calibration' });
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Ann Alvarez', '4', '+0.71scores above the panel', '0.90over 4 shared', 'Lenient'],
      ['Bob Brown', '4', '-0.20scores below the panel', '0.05over 6 shared', 'Out of line'],
      ['Cleo Chen', '1', '0.00in line with the panel', '-fewer than 3 shared', '-None'],
    ]);
  });

  it('reads the panel reliability, and says when there is not enough data', async () => {
    openResults(
      resultsOf({
        opportunities: [resultOpportunity({ number: 1, rank: 1, reviewCount: 1 })],
        reliability: {
          composite: reliability(null, 'not-enough-data'),
          criteria: {
            strategicAlignment: reliability(0.849, 'reliable'),
            sustainability: reliability(0.7, 'tentative'),
            technologyReadiness: reliability(0.2, 'unreliable'),
            marketPotential: reliability(null, 'not-enough-data'),
            businessPotential: reliability(null, 'not-enough-data'),
          },
        },
      }),
    );
    const card = await screen.findByRole('region', { name: 'Panel Reliability' });
    expect(within(card).getByTestId('reliability-composite')).toHaveTextContent(
      '-Not enough dataComposite score',
    );
    expect(within(card).getByText(/^Not enough data: reliability needs/)).toBeVisible();
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Strategic Alignment', '0.849', 'Reliable'],
      ['Sustainability', '0.700', 'Tentative'],
      ['Technology Readiness', '0.200', 'Unreliable'],
      ['Market Potential', '-', 'Not enough data'],
      ['Business Potential', '-', 'Not enough data'],
    ]);
  });

  it('explains every number in plain words behind a disclosure', async () => {
    openResults(results);
    const card = await ranking();
    const user = userEvent.setup();
    await user.click(within(card).getByText('What do these numbers mean?'));
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual([
      'Raw',
      'Calibrated',
      'Moved',
      'Rank interval',
      'SD',
      'Reviews',
      'Flags',
    ]);
    expect(
      within(card).getByText(/^"3 \(2-6\)" means ranked 3rd, and in 90% of 1,000 re-runs/),
    ).toBeVisible();
    for (const name of ['Panel Reliability', 'Reviewer Calibration', 'Discussion Queue']) {
      expect(
        within(screen.getByRole('region', { name })).getAllByRole('term').length,
      ).toBeGreaterThan(2);
    }
  });

  it('shows an error with a retry when the call fails', async () => {
    let fails = true;
    openResults(() =>
      fails ? { status: 500, body: { message: 'Database unavailable' } } : results,
    );
    expect(await screen.findByRole('heading', { name: 'Error Loading Results' })).toBeVisible();
    fails = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await ranking()).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Error Loading Results' })).toBeNull(),
    );
  });

  it('downloads the results CSV from the page header', async () => {
    const { requests } = openResults(results);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:assay/results');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/admin/export/results'
        ? Promise.resolve(
            new Response('number,title\r\n', {
              headers: {
                'Content-Type': 'text/csv',
                'Content-Disposition': 'attachment; filename="results_export_2026-05-01.csv"',
              },
            }),
          )
        : fakeFetch(input, init),
    );
    await ranking();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download results CSV' }));
    expect(await screen.findByText('Results data exported successfully')).toBeVisible();
    expect(saved).toEqual(['results_export_2026-05-01.csv']);
    expect(requests.filter((request) => request.url === '/api/admin/results')).toHaveLength(1);
  });
});
