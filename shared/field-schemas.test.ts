import { describe, expect, it } from 'vitest';
import { autoAssignSchema } from './review-cycle-schemas';

/** Issue 38: a number out of range is refused with the range, not "must be a whole number". */
describe('whole numbers in a range', () => {
  const messagesOf = (body: Record<string, unknown>) =>
    autoAssignSchema.safeParse({ apply: false, ...body }).error?.issues.map((i) => i.message);

  it.each([0, 1_000_000, 1.5, 'x', null])('states the range of perOpportunity for %s', (value) => {
    expect(messagesOf({ perOpportunity: value })).toEqual([
      'Reviewers per opportunity must be a whole number from 1 to 1000',
    ]);
  });

  it.each([0, 1001, 2.5])('states the range of maxPerReviewer for %s', (value) => {
    expect(messagesOf({ perOpportunity: 2, maxPerReviewer: value })).toEqual([
      'Opportunities per reviewer must be a whole number from 1 to 1000',
    ]);
  });

  it('accepts the ends of the range', () => {
    expect(messagesOf({ perOpportunity: 1, maxPerReviewer: 1000 })).toBeUndefined();
    expect(messagesOf({ perOpportunity: 1000 })).toBeUndefined();
  });
});
