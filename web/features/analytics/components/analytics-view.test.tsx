import type {
  HeatmapRow,
  OpportunityAnalyticsRow,
  ReviewerAnalyticsRow,
} from '@shared/analytics-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, type FakeResponse, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { heatmapRow, opportunityRow, reviewerRow } from '../test/analytics-fixtures';

type Answers = {
  opportunities?: OpportunityAnalyticsRow[] | FakeResponse;
  reviewers?: ReviewerAnalyticsRow[] | FakeResponse;
  heatmap?: HeatmapRow[] | FakeResponse;
};

const asResponse = (answer: unknown[] | FakeResponse | undefined): FakeResponse =>
  Array.isArray(answer) || answer === undefined ? { status: 200, body: answer ?? [] } : answer;

function openAnalytics(answers: Answers) {
  const requests = stubSession(adminUser, (request) => {
    if (request.url === '/api/admin/analytics/opportunities')
      return asResponse(answers.opportunities);
    if (request.url === '/api/admin/analytics/reviewers') return asResponse(answers.reviewers);
    if (request.url === '/api/admin/analytics/heatmap') return asResponse(answers.heatmap);
    return undefined;
  });
  const app = renderApp('/admin/analytics');
  return { app, requests };
}

const opportunities = [
  opportunityRow({ number: 1, title: 'Modular heat pumps', avgComposite: 3.2 }),
  opportunityRow({
    number: 2,
    title: 'Recyclable battery casings for e-bikes',
    avgComposite: 4.4,
    reviewCount: 2,
    stdDevComposite: 0.4,
    minComposite: 4,
    maxComposite: 4.8,
    avgMarketPotential: 4.6,
  }),
  opportunityRow({ number: 3, title: 'Not reviewed yet', avgComposite: null }),
  opportunityRow({ number: 4, title: 'Vertical farming kit', avgComposite: 2.05 }),
];

const heatmap = [
  heatmapRow('Ann Alvarez', [3.2, 4.8, null, 2.05]),
  heatmapRow('Bob Brown', [null, 4, null, 1.5]),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('analytics page', () => {
  // The page is a lazy chunk: load it once up front, so that no test's first
  // query has to wait for the import on a busy machine.
  beforeAll(async () => {
    await import('@web/app/routes/admin/analytics-page');
  }, 30_000);

  it('shows every section with the title and subtitle', async () => {
    openAnalytics({
      opportunities,
      reviewers: [reviewerRow({ name: 'Ann Alvarez', reviewCount: 3, avgComposite: 3.35 })],
      heatmap,
    });
    expect(await screen.findByRole('heading', { name: 'Advanced Analytics' })).toBeVisible();
    expect(
      screen.getByText('Detailed insights and trend analysis for opportunity evaluations'),
    ).toBeInTheDocument();
    for (const heading of [
      'Composite Score Trend',
      'Score Breakdown by Criteria',
      'Top Opportunities by Composite Score',
      'Criteria Correlation Analysis',
      'Reviewer Activity & Average Scores',
      'Review Completion Heatmap',
      'Strategic Alignment',
      'Sustainability',
      'Technology Readiness',
      'Market Potential',
      'Business Potential',
    ]) {
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(screen.queryByText('No reviews yet')).not.toBeInTheDocument();
    expect(screen.queryByText('No review data available yet')).not.toBeInTheDocument();
  });

  it('ranks the reviewed opportunities by composite with a trophy and the disagreement', async () => {
    openAnalytics({ opportunities, heatmap });
    const card = await screen.findByRole('region', {
      name: 'Top Opportunities by Composite Score',
    });
    const table = within(card).getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Rank', '#', 'Opportunity', 'Composite', 'Reviews', 'Disagreement']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        '1Top ranked',
        '#2',
        'Recyclable battery casings for e-bikes',
        '4.40',
        '2',
        'Standard deviation ±0.40Range 4.00–4.80',
      ],
      ['2', '#1', 'Modular heat pumps', '3.20', '1', '-Only one review'],
      ['3', '#4', 'Vertical farming kit', '2.05', '1', '-Only one review'],
    ]);
    expect(within(rows[0]!).getByText('Top ranked')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Top ranked')).not.toBeInTheDocument();
  });

  it("lists the top 5 per criterion as '#number title' with 1 decimal", async () => {
    openAnalytics({ opportunities, heatmap });
    const market = await screen.findByTestId('criterion-top-avgMarketPotential');
    expect(
      within(market)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '#2 Recyclable battery casings for e-bikes4.6',
      '#1 Modular heat pumps3.2',
      '#4 Vertical farming kit2.0',
    ]);
  });

  it("draws the heatmap in bands with '#number' columns, a legend and score tooltips", async () => {
    openAnalytics({ opportunities, heatmap });
    const card = await screen.findByRole('region', { name: 'Review Completion Heatmap' });
    const table = within(card).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Reviewer', '#1', '#2', '#3', '#4']);
    const cells = within(card).getAllByTestId('heatmap-cell');
    expect(cells.map((cell) => [cell.textContent, cell.dataset.band])).toEqual([
      ['3.2', '3-4'],
      ['4.8', '4-5'],
      ['-', 'none'],
      ['2.0', '2-3'],
      ['-', 'none'],
      ['4.0', '4-5'],
      ['-', 'none'],
      ['1.5', '1-2'],
    ]);
    expect(within(card).getByRole('rowheader', { name: 'Bob Brown' })).toBeInTheDocument();
    const legend = within(card).getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1-2', '2-3', '3-4', '4-5', 'Not reviewed']);

    const user = userEvent.setup();
    await user.hover(cells[1]!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Score: 4.80');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.hover(cells[2]!);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Not reviewed'));
  });

  it('shows the empty texts when nothing has been reviewed', async () => {
    openAnalytics({
      opportunities: [opportunityRow({ number: 1, avgComposite: null })],
      reviewers: [],
      heatmap: [heatmapRow('Ann Alvarez', [null])],
    });
    expect(await screen.findByText('No review data available yet')).toBeInTheDocument();
    // Trend, breakdown, top table, correlation and the five criterion lists.
    expect(screen.getAllByText('No reviews yet')).toHaveLength(9);
    expect(screen.getByText('No reviewers yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an error with a retry when a call fails', async () => {
    let heatmapFails = true;
    stubSession(adminUser, (request) => {
      if (request.url === '/api/admin/analytics/heatmap') {
        return heatmapFails
          ? { status: 500, body: { message: 'Database unavailable' } }
          : { status: 200, body: heatmap };
      }
      if (request.url.startsWith('/api/admin/analytics/')) return { status: 200, body: [] };
      return undefined;
    });
    renderApp('/admin/analytics');
    expect(await screen.findByRole('heading', { name: 'Error Loading Analytics' })).toBeVisible();
    expect(screen.getByText(/^500: /)).toBeInTheDocument();
    heatmapFails = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    // The card's loading state carries the same title, and the answer replaces it: the heading
    // is looked up afresh until the loaded one is there (a held element may have been replaced).
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Review Completion Heatmap' })).toBeVisible(),
    );
    expect(screen.queryByRole('heading', { name: 'Error Loading Analytics' })).toBeNull();
  });

  it('asks for the heatmap only when its card comes near the viewport', async () => {
    // An IntersectionObserver that reports what a browser does on observe (not in view), and
    // lets the test bring one observed element into view.
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    class InViewObserver {
      targets: Element[] = [];
      constructor(readonly callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
        queueMicrotask(() =>
          this.callback(
            [{ target, isIntersecting: false } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          ),
        );
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal('IntersectionObserver', InViewObserver);
    const { requests } = openAnalytics({ opportunities, heatmap });
    expect(await screen.findByRole('heading', { name: 'Composite Score Trend' })).toBeVisible();
    const placeholder = screen.getByText('Review Completion Heatmap');
    await waitFor(() =>
      expect(observers.some((o) => o.targets.some((t) => t.contains(placeholder)))).toBe(true),
    );
    // Well past the second after which a silent observer would reveal it anyway.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(requests.map((request) => request.url)).not.toContain('/api/admin/analytics/heatmap');

    for (const observer of observers.filter((o) =>
      o.targets.some((t) => t.contains(placeholder)),
    )) {
      observer.callback(
        observer.targets.map(
          (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
        ),
        observer as unknown as IntersectionObserver,
      );
    }
    await waitFor(() =>
      expect(requests.map((request) => request.url)).toContain('/api/admin/analytics/heatmap'),
    );
  });

  it('shows a loading state until the data arrives', async () => {
    openAnalytics({ opportunities, heatmap });
    expect(await screen.findByRole('status', { name: 'Loading analytics' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Composite Score Trend' })).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading analytics' })).not.toBeInTheDocument();
  });
});
