import { CRITERIA } from '@shared/criteria';
import type { ReviewerOpportunity } from '@shared/reviewer-schemas';
import { fireEvent, screen, within } from '@testing-library/react';
import { makeOpportunity, stubReviewerServer } from '@web/test/fake-reviewer-server';
import { renderApp } from '@web/test/render-app';

// What the detail page's tests share: three neighbouring opportunities, opening one, and the
// controls by their roles.

export const first = makeOpportunity({
  number: 7,
  title: 'Solar Roofs',
  description: 'First line\nSecond line',
  tags: ['energy', 'housing', 'solar', 'roofs'],
  imageUrl: '/api/images/solar',
});
export const middle = makeOpportunity({ number: 8, title: 'Offshore Parks' });
export const last = makeOpportunity({ number: 9, title: 'Water Reuse' });
export const all = [first, middle, last];

export const REVIEWS = '/api/reviewer/reviews';
export const COMMENTS = '/api/reviewer/comments';

export async function openDetail(
  opportunity: ReviewerOpportunity,
  options: Partial<Parameters<typeof stubReviewerServer>[0]> = {},
) {
  sessionStorage.setItem('hasAutoRedirected', 'true');
  const server = stubReviewerServer({ opportunities: all, ...options });
  const app = renderApp(`/reviewer/opportunities/${opportunity.id}`);
  await screen.findByRole('heading', { level: 1, name: opportunity.title });
  return { server, app };
}

export const group = (label: string) => screen.getByRole('radiogroup', { name: label });
export const radio = (label: string, score: number) =>
  within(group(label)).getByRole('radio', { name: String(score) });
export const scores = [4, 3, 5, 2, 4] as const; // mean 3.60

/** Clicks one score per criterion synchronously (works under fake timers). */
export function clickScores(values: readonly number[]) {
  values.forEach((score, index) => {
    fireEvent.click(radio(CRITERIA[index]!.label, score));
  });
}

export const submitButton = () =>
  screen.getByRole('button', { name: /^(Submit Review|Update Review|Saving\.\.\.)$/ });
export const saveStatus = () => screen.getByRole('status', { name: 'Save status' });
export const toastRegion = () => screen.getByRole('region', { name: 'Notifications (F8)' });
