import type { AdminReviewer } from '@shared/reviewer-admin-schemas';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WINDOW_FROM_ROWS } from '@web/components/ui/windowed-table-body';
import { adminUser, type FakeRequest, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Issue 17: a panel of 150 reviewers. The table draws only the rows near the viewport, yet the
// search, the filter, the sort and 'select all shown' act on all 150, and the counts say so.
const COUNT = 150;
const pad = (n: number) => String(n).padStart(3, '0');
const reviewers: AdminReviewer[] = Array.from({ length: COUNT }, (_, i) => ({
  id: `20000000-0000-4000-8000-000000000${pad(i)}`,
  name: `Reviewer ${pad(i)}`,
  email: `reviewer${pad(i)}@panel.example.org`,
  displayName: null,
  role: 'reviewer',
  // Every tenth is inactive: 15 of them.
  isActive: i % 10 !== 9,
  lastLogin: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  lastEmail: null,
}));

async function openLongList(
  extra?: (request: FakeRequest) => { status: number; body?: unknown } | undefined,
) {
  const requests = stubSession(adminUser, (request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    if (request.method === 'GET' && request.url === '/api/admin/reviewers') {
      return { status: 200, body: reviewers };
    }
    return undefined;
  });
  renderApp('/admin/reviewers');
  await screen.findByText('Reviewer 000');
  const table = screen.getByRole('table', { name: 'Reviewers' });
  return { requests, table, user: userEvent.setup() };
}

/** The body's drawn rows (gaps are hidden from assistive technology, so not listed). */
const drawnRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const firstCellTexts = (table: HTMLElement) =>
  drawnRows(table).map((row) => within(row).getAllByRole('cell')[0]!.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a reviewers table longer than WINDOW_FROM_ROWS', () => {
  it('draws the first rows, numbered among all, and a gap as high as the rest', async () => {
    expect(COUNT).toBeGreaterThan(WINDOW_FROM_ROWS);
    const { table } = await openLongList();
    expect(table).toHaveAttribute('aria-rowcount', String(COUNT + 1));
    const rows = drawnRows(table);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.length).toBeLessThan(60);
    rows.forEach((row, index) => {
      expect(row).toHaveAttribute('aria-rowindex', String(index + 2));
    });
    expect(firstCellTexts(table)[0]).toBe('Reviewer 000');
    // Nothing measured in happy-dom: the estimate (49 px) stands in for each missing row.
    const gap = within(table).getByTestId('row-gap');
    expect(gap).toHaveAttribute('aria-hidden', 'true');
    expect(gap.querySelector('td')).toHaveStyle({ height: `${(COUNT - rows.length) * 49}px` });
    expect(screen.getByRole('status')).toHaveTextContent(`${COUNT} shown`);
  });

  it('sorts all the rows, not just the drawn ones', async () => {
    const { table, user } = await openLongList();
    const nameHeader = within(table).getAllByRole('columnheader')[0]!;
    await user.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(firstCellTexts(table).slice(0, 2)).toEqual(['Reviewer 149', 'Reviewer 148']);
  });

  it('searches and filters all the rows and says how many are shown', async () => {
    const { table, user } = await openLongList();
    await user.type(screen.getByRole('searchbox', { name: 'Search reviewers' }), 'reviewer14');
    // The emails of 140 to 149: few enough to be drawn whole again.
    expect(firstCellTexts(table)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Reviewer ${140 + i}`),
    );
    expect(table).not.toHaveAttribute('aria-rowcount');
    expect(within(table).queryByTestId('row-gap')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`10 of ${COUNT} shown`);

    await user.clear(screen.getByRole('searchbox', { name: 'Search reviewers' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    expect(screen.getByRole('status')).toHaveTextContent(`15 of ${COUNT} shown`);
    expect(firstCellTexts(table)).toContain('Reviewer 149');
  });

  it("'Select all shown' checks every shown reviewer, drawn or not, and a bulk call names them all", async () => {
    const { table, user, requests } = await openLongList((request) =>
      request.url === '/api/admin/reviewers/bulk-active'
        ? {
            status: 200,
            body: { isActive: false, changed: [], unchanged: reviewers.slice(0, 135) },
          }
        : undefined,
    );
    await user.click(within(table).getByRole('checkbox', { name: 'Select all shown reviewers' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions on reviewers' });
    expect(bar).toHaveTextContent(`${COUNT} selected`);
    for (const row of drawnRows(table)) {
      expect(row).toHaveAttribute('data-state', 'selected');
      expect(within(row).getByRole('checkbox')).toBeChecked();
    }

    // A filter narrows the selection to the shown rows, as it does in a short list.
    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    expect(bar).toHaveTextContent('135 selected');
    await user.click(within(bar).getByRole('button', { name: 'Deactivate' }));
    const bulk = requests.find((r) => r.url === '/api/admin/reviewers/bulk-active')!;
    const ids = (bulk.body as { ids: string[] }).ids;
    expect(ids).toHaveLength(135);
    expect(ids).toEqual(reviewers.filter((r) => r.isActive).map((r) => r.id));
  });

  it('draws the rows the window scrolls to, and keeps the focused row drawn', async () => {
    const { table, user } = await openLongList();
    const first = within(table).getByRole('checkbox', { name: 'Select Reviewer 000' });
    await user.click(first);
    expect(first).toHaveFocus();

    // Scrolled so that the body's top is 5,000 px above the viewport: rows 102 onwards.
    const body = table.querySelector('tbody')!;
    vi.spyOn(body, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: -5000, width: 800, height: COUNT * 49 }),
    );
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
    });
    const texts = firstCellTexts(table);
    expect(texts).toContain('Reviewer 110');
    expect(texts).not.toContain('Reviewer 050');
    // The focused row stays, in its place at the top, numbered as before.
    expect(texts[0]).toBe('Reviewer 000');
    expect(first).toHaveFocus();
    expect(first.closest('tr')).toHaveAttribute('aria-rowindex', '2');
    expect(within(table).getAllByTestId('row-gap')).toHaveLength(2);
  });

  it('keeps the drawn rows in place when a gap opens before them (the focus stays)', async () => {
    const { table, user } = await openLongList();
    const box = within(table).getByRole('checkbox', { name: 'Select Reviewer 015' });
    await user.click(box);
    expect(box).toHaveFocus();

    // 1,500 px down: rows 10 to 69 are drawn and a gap stands for rows 0 to 9.
    const body = table.querySelector('tbody')!;
    vi.spyOn(body, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: -1500, width: 800, height: COUNT * 49 }),
    );
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(firstCellTexts(table)[0]).toBe('Reviewer 010');
    expect(within(table).getAllByTestId('row-gap')).toHaveLength(2);
    // The same element, not a new one: the row was neither remounted nor moved.
    expect(within(table).getByRole('checkbox', { name: 'Select Reviewer 015' })).toBe(box);
    expect(box).toHaveFocus();
  });
});
