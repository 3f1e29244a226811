import { describe, expect, it } from 'vitest';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview, scoresOf } from '../../test/factories/reviews';
import { createUser } from '../../test/factories/users';
import { setupTestDatabase } from '../../test/test-database';
import { heatmapJson } from './queries';

// The spec's heatmap is JSON text written by concatenation (decision 0035). A second
// implementation: json_agg of records, the statement it replaced, written out here; the two must
// give the same bytes, whatever the names hold.
const RECORDS_HEATMAP = `
  select coalesce((
    select json_agg(
      (select heatmap_row from (select h.id as "reviewerId", h.reviewer_name as "reviewerName",
         h.cells as "opportunities") as heatmap_row) order by h.reviewer_name, h.id)
    from (
      select u.id, coalesce(nullif(btrim(u.display_name), ''), u.name) as reviewer_name,
             coalesce(json_agg(
               (select cell from (select o.id as "opportunityId", o.number as "opportunityNumber",
                  r.composite::float8 as "composite") as cell) order by o.number
             ) filter (where o.id is not null), '[]'::json) as cells
        from users u
        left join opportunities o on o.status = 'published'
        left join reviews r on r.reviewer_id = u.id and r.opportunity_id = o.id
       where u.role = 'reviewer' and u.is_active
       group by u.id) h
  ), '[]'::json)::text as body`;

const database = setupTestDatabase();

const both = async () => ({
  text: await heatmapJson(database.db),
  records: (await database.pool.query<{ body: string }>(RECORDS_HEATMAP)).rows[0]!.body,
});

describe('the heatmap text', () => {
  it('is "[]" with no reviewer, as before', async () => {
    expect(await both()).toEqual({ text: '[]', records: '[]' });
  });

  it('has the bytes of json_agg of records, whatever the names hold', async () => {
    const names = [
      'Zoë "Quote" O\'Neil',
      'Back\\slash and tab\tand line\nfeed',
      'Emoji 🚀 and control \u0001',
      'Plain reviewer',
    ];
    const reviewers = [];
    for (const name of names) reviewers.push(await createUser(database.db, { name }));
    reviewers.push(await createUser(database.db, { name: 'Hidden', displayName: ' Shown <b> ' }));
    await createUser(database.db, { name: 'Inactive', isActive: false });
    // No published opportunity yet: every reviewer has no cell.
    const withoutCells = await both();
    expect(withoutCells.text).toBe(withoutCells.records);
    expect(JSON.parse(withoutCells.text)).toHaveLength(5);

    const published = [
      await createOpportunity(database.db, { number: 3 }),
      await createOpportunity(database.db, { number: 1 }),
      await createOpportunity(database.db, { number: 2 }),
    ];
    await createOpportunity(database.db, { number: 4, status: 'draft', publishedAt: null });
    await createReview(database.db, {
      reviewerId: reviewers[0]!.id,
      opportunityId: published[0]!.id,
      scores: scoresOf([1, 2, 3, 4, 4]),
    });
    await createReview(database.db, {
      reviewerId: reviewers[4]!.id,
      opportunityId: published[1]!.id,
      scores: scoresOf([5, 5, 5, 5, 5]),
    });
    const { text, records } = await both();
    expect(text).toBe(records);
    const rows = JSON.parse(text) as Array<{ reviewerName: string; opportunities: unknown[] }>;
    expect(rows.map((row) => row.reviewerName)).toContain('Back\\slash and tab\tand line\nfeed');
    expect(rows[0]!.opportunities).toHaveLength(3);
  });
});
