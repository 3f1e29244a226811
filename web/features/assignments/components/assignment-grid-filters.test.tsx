import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it } from 'vitest';
import {
  makeOpportunities,
  makeReviewers,
  stubAssignmentServer,
} from '../test/fake-assignment-server';

async function openScreen() {
  renderApp('/admin/assignments');
  await screen.findByRole('heading', { level: 1, name: 'Assignments' });
  await screen.findByRole('grid', { name: 'Assignments' });
}

describe('assignments screen: filters and pages at panel size', () => {
  const many = makeReviewers(30);
  const columns = makeOpportunities(4, (i) => (i % 2 === 0 ? 'Spring' : 'Autumn'));

  it('pages 25 reviewers at a time and filters by reviewer name and by batch', async () => {
    stubAssignmentServer({ reviewers: many, opportunities: columns });
    await openScreen();
    const grid = screen.getByRole('grid', { name: 'Assignments' });
    const status = screen.getByText(/^Reviewers \d/);
    expect(status).toHaveTextContent('Reviewers 1–25 of 30 · 4 opportunities');
    expect(within(grid).getAllByRole('row')).toHaveLength(26);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(100);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(status).toHaveTextContent('Reviewers 26–30 of 30 · 4 opportunities');
    expect(within(grid).getAllByRole('row')).toHaveLength(6);
    expect(within(grid).getAllByRole('row')[1]).toHaveAttribute('aria-rowindex', '27');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();

    await user.type(
      screen.getByRole('searchbox', { name: 'Filter reviewers by name or email' }),
      'reviewer 03',
    );
    // A search starts again from the first page.
    expect(status).toHaveTextContent('Reviewers 1–1 of 1 · 4 opportunities');
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((header) => header.querySelector('span')?.textContent),
    ).toEqual(['Reviewer 030']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Batch' }), 'Autumn');
    expect(status).toHaveTextContent('Reviewers 1–1 of 1 · 2 opportunities');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .slice(1)
        .map((header) => header.querySelector('span')?.textContent),
    ).toEqual(['#2', '#4']);

    await user.clear(screen.getByRole('searchbox', { name: 'Filter reviewers by name or email' }));
    await user.type(
      screen.getByRole('searchbox', { name: 'Filter reviewers by name or email' }),
      'nobody',
    );
    expect(screen.getByText('Nothing matches these filters')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('says when there is no reviewer or no opportunity yet', async () => {
    stubAssignmentServer({ reviewers: [], opportunities: columns });
    renderApp('/admin/assignments');
    expect(await screen.findByText('No active reviewers yet')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the board cannot be loaded', async () => {
    let fails = true;
    stubAssignmentServer({
      reviewers: many,
      opportunities: columns,
      intercept: (request) =>
        fails && request.url === '/api/admin/assignments'
          ? { status: 500, body: { message: 'boom' } }
          : undefined,
    });
    renderApp('/admin/assignments');
    expect(await screen.findByText('Error Loading Assignments')).toBeInTheDocument();
    fails = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('grid', { name: 'Assignments' })).toBeInTheDocument();
  });
});
