import { describe, expect, it } from 'vitest';
import { type ReviewerActivityPoint, reviewerActivityData } from './analytics-data';
import { ACTIVITY_PAGE_SIZE, activityPage, sortReviewerActivity } from './reviewer-activity-pages';

const points: ReviewerActivityPoint[] = reviewerActivityData([
  { id: '1', name: 'Ann', reviewCount: 3, avgComposite: 4.1 },
  { id: '2', name: 'Bob', reviewCount: 0, avgComposite: null },
  { id: '3', name: 'Cy', reviewCount: 7, avgComposite: 2.5 },
  { id: '4', name: 'Di', reviewCount: 3, avgComposite: 3.9 },
]);
const names = (list: ReviewerActivityPoint[]) => list.map((point) => point.fullName);

describe('reviewer activity order and pages', () => {
  it('sorts by name (the server order), reviews and average, ties in name order', () => {
    expect(names(sortReviewerActivity(points, 'name'))).toEqual(['Ann', 'Bob', 'Cy', 'Di']);
    expect(names(sortReviewerActivity(points, 'reviews-desc'))).toEqual(['Cy', 'Ann', 'Di', 'Bob']);
    expect(names(sortReviewerActivity(points, 'reviews-asc'))).toEqual(['Bob', 'Ann', 'Di', 'Cy']);
    // Without an average, last in both directions.
    expect(names(sortReviewerActivity(points, 'average-desc'))).toEqual(['Ann', 'Di', 'Cy', 'Bob']);
    expect(names(sortReviewerActivity(points, 'average-asc'))).toEqual(['Cy', 'Di', 'Ann', 'Bob']);
    expect(names(points)).toEqual(['Ann', 'Bob', 'Cy', 'Di']);
  });

  it('cuts 200 reviewers into pages of 25 and says which are shown', () => {
    const many = reviewerActivityData(
      Array.from({ length: 203 }, (_, i) => ({
        id: String(i),
        name: `Reviewer ${i + 1}`,
        reviewCount: i,
        avgComposite: null,
      })),
    );
    expect(ACTIVITY_PAGE_SIZE).toBe(25);
    const first = activityPage(many, 0);
    expect(first.items).toHaveLength(25);
    expect(first.pages).toBe(9);
    expect(first.label).toBe('Reviewers 1–25 of 203');
    const last = activityPage(many, 8);
    expect(names(last.items)).toEqual(['Reviewer 201', 'Reviewer 202', 'Reviewer 203']);
    expect(last.label).toBe('Reviewers 201–203 of 203');
    // Out of range (the panel shrank): clamped to the last page.
    expect(activityPage(many, 40).page).toBe(8);
    expect(activityPage([], 0)).toMatchObject({ items: [], page: 0, pages: 1 });
  });
});
