import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reviewerActivityData } from '../lib/analytics-data';
import { ReviewerActivity } from './reviewer-activity';

const panel = (count: number) =>
  reviewerActivityData(
    Array.from({ length: count }, (_, i) => ({
      id: String(i),
      name: `Reviewer ${i + 1}`,
      reviewCount: i % 7,
      avgComposite: i % 7 === 0 ? null : 1 + (i % 4),
    })),
  );

/** The reviewers the chart shows, as its list for screen readers names them. */
const shownReviewers = () =>
  within(screen.getByRole('list', { name: /^Reviewer activity/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.split(':')[0]);

describe('reviewer activity chart', () => {
  it('draws a small panel as one chart, its figures in a list for screen readers', () => {
    render(<ReviewerActivity data={panel(12)} />);
    expect(screen.queryByRole('button', { name: 'Next reviewers' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Sort by')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Reviewer activity' });
    expect(shownReviewers()).toHaveLength(12);
    expect(
      within(list)
        .getAllByRole('listitem')
        .slice(0, 2)
        .map((item) => item.textContent),
    ).toEqual(['Reviewer 1: Reviews 0, Avg Score -', 'Reviewer 2: Reviews 1, Avg Score 2.00']);
  });

  it('pages 200 reviewers 25 at a time in the chosen order', async () => {
    render(<ReviewerActivity data={panel(200)} />);
    expect(screen.getByText('Reviewers 1–25 of 200')).toBeInTheDocument();
    expect(shownReviewers()).toHaveLength(25);
    expect(shownReviewers()[0]).toBe('Reviewer 1');
    expect(screen.getByRole('button', { name: 'Previous reviewers' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next reviewers' }));
    expect(screen.getByText('Reviewers 26–50 of 200')).toBeInTheDocument();
    expect(shownReviewers()[0]).toBe('Reviewer 26');
    expect(
      screen.getByRole('list', { name: 'Reviewer activity: Reviewers 26–50 of 200' }),
    ).toBeInTheDocument();

    // A new order starts again at the first page: 6 reviews is the most (i % 7), held by
    // reviewers 7, 14, 21, ... in name order.
    const sort = screen.getByLabelText('Sort by');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Name', 'Most reviews', 'Fewest reviews', 'Highest average', 'Lowest average']);
    await user.selectOptions(sort, 'Most reviews');
    expect(screen.getByText('Reviewers 1–25 of 200')).toBeInTheDocument();
    expect(shownReviewers().slice(0, 3)).toEqual(['Reviewer 7', 'Reviewer 14', 'Reviewer 21']);
    expect(screen.getByTestId('reviewer-activity-chart')).toHaveAttribute(
      'data-sort',
      'reviews-desc',
    );

    for (let page = 1; page < 8; page++) {
      await user.click(screen.getByRole('button', { name: 'Next reviewers' }));
    }
    expect(screen.getByText('Reviewers 176–200 of 200')).toBeInTheDocument();
    expect(shownReviewers()).toHaveLength(25);
    expect(screen.getByRole('button', { name: 'Next reviewers' })).toBeDisabled();
  });
});
