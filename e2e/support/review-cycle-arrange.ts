import type { APIRequestContext } from '@playwright/test';
import type { AssignmentBoard } from '../../shared/review-cycle-schemas';
import { expect } from './fixtures';

/**
 * Review-cycle control (issue 18) through the admin API: its settings, read and reset, and the
 * assignment board. Every setting here is global, so a journey that changes one puts all of them
 * back to the spec's defaults when it ends, for the spec files that run after it.
 */

export const CYCLE_DEFAULTS = {
  review_assignment: 'open',
  reviewer_comments_after_own_review: 'false',
  show_reviewer_names: 'true',
  show_reviewer_comments: 'false',
} as const;

export async function setSetting(api: APIRequestContext, key: string, value: string) {
  const response = await api.post('/api/admin/settings', { data: { key, value } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

export async function settingOf(api: APIRequestContext, key: string): Promise<string> {
  const response = await api.get(`/api/admin/settings/${key}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { value: string }).value;
}

export async function resetCycleSettings(api: APIRequestContext) {
  for (const [key, value] of Object.entries(CYCLE_DEFAULTS)) await setSetting(api, key, value);
}

export async function boardOf(api: APIRequestContext): Promise<AssignmentBoard> {
  const response = await api.get('/api/admin/assignments');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AssignmentBoard;
}

/** The ids of the opportunities assigned to `reviewerId` on the board. */
export function assignedTo(board: AssignmentBoard, reviewerId: string): Set<string> {
  return new Set(
    board.assignments.filter((a) => a.reviewerId === reviewerId).map((a) => a.opportunityId),
  );
}

/** The review count of one opportunity in the admin analytics (0 when not listed). */
export async function analyticsReviewCount(
  api: APIRequestContext,
  opportunityId: string,
): Promise<number> {
  const response = await api.get('/api/admin/analytics/opportunities');
  expect(response.status(), await response.text()).toBe(200);
  const rows = (await response.json()) as { id: string; reviewCount: number }[];
  return rows.find((row) => row.id === opportunityId)?.reviewCount ?? 0;
}
