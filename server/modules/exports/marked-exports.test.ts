import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/build-test-app';
import { createAssignment } from '../../test/factories/assignments';
import { createComment } from '../../test/factories/comments';
import { createConflict } from '../../test/factories/conflicts';
import { createOpportunity } from '../../test/factories/opportunities';
import { createReview } from '../../test/factories/reviews';
import { setSetting } from '../../test/factories/settings';
import { createUser } from '../../test/factories/users';
import { readInBatches } from './batched-reader';
import { CSV_BOM, csvRecord } from './csv';
import { openCsvExport } from './csv-export';
import { EXCLUDED_COLUMN, EXPORTS, MARKED_EXPORTS } from './definitions';
import type { ExportDefinition } from './export-definition';
import { currentExportDefinition } from './export-variant';

// Issue 18's marked reviews and comments exports: written by COPY exactly as the reference
// encoder (csv.ts over the same rows) writes them, and chosen only while review-cycle control is
// in use (docs/review-cycle.md).

const ctx = setupTestApp();

async function referenceCsv(def: ExportDefinition) {
  let text = CSV_BOM + csvRecord(def.headers);
  for await (const rows of readInBatches<Record<string, unknown>>(ctx.pool, def.rowsQuery, 50)) {
    for (const row of rows) text += csvRecord(def.valuesOf(row));
  }
  return text;
}

describe('marked exports', () => {
  it('are chosen only while review-cycle control is in use, and COPY writes them as csv.ts does', async () => {
    const [ann, bob] = [await createUser(ctx.db), await createUser(ctx.db)];
    const opportunity = await createOpportunity(ctx.db, { title: '=Formula, "quoted"' });
    for (const reviewer of [ann, bob]) {
      await createReview(ctx.db, { reviewerId: reviewer.id, opportunityId: opportunity.id });
      await createComment(ctx.db, { reviewerId: reviewer.id, opportunityId: opportunity.id });
    }
    for (const type of ['reviews', 'comments'] as const) {
      expect(await currentExportDefinition(ctx.pool, type)).toBe(EXPORTS[type]);
    }
    expect(await currentExportDefinition(ctx.pool, 'opportunities')).toBe(EXPORTS.opportunities);

    await createConflict(ctx.db, { reviewerId: ann.id, opportunityId: opportunity.id });
    await createAssignment(ctx.db, { reviewerId: ann.id, opportunityId: opportunity.id });
    for (const mode of ['open', 'assigned'] as const) {
      await setSetting(ctx.db, 'review_assignment', mode);
      for (const type of ['reviews', 'comments'] as const) {
        const definition = await currentExportDefinition(ctx.pool, type);
        expect(definition).toBe(MARKED_EXPORTS[type]!.definition);
        expect(definition.headers).toEqual([...EXPORTS[type].headers, EXCLUDED_COLUMN]);
        const copied = (await buffer(await openCsvExport(ctx.pool, definition))).toString('utf8');
        expect(copied).toBe(await referenceCsv(definition));
        // Ann has a conflict (and is assigned); Bob is not assigned.
        const marks = copied
          .trimEnd()
          .split('\r\n')
          .slice(1)
          .map((line) => line.split(',').at(-1));
        expect(marks.sort()).toEqual(
          mode === 'open' ? ['', 'conflict'] : ['conflict', 'not_assigned'],
        );
      }
    }
  });
});
