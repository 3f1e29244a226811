import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { COUNTS_WITH_CYCLE_FUNCTION, countsWithCycleFunctionBody } from '../dashboard/queries';
import { LIST_WITH_CYCLE_FUNCTION, listWithCycleFunctionBody } from '../reviewer-workspace/queries';

// The reviewer list's and the dashboard counts' statements call functions for issue 18's forms
// (decision 0035); migrations hold those functions' bodies. This fails when the SQL the code
// renders changes without a migration that replaces the function.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

it.each([
  [LIST_WITH_CYCLE_FUNCTION, listWithCycleFunctionBody],
  [COUNTS_WITH_CYCLE_FUNCTION, countsWithCycleFunctionBody],
])('%s holds the SQL the code renders, and reads the calling snapshot', async (name, body) => {
  const { rows } = await database.pool.query<{ prosrc: string; provolatile: string }>(
    'select prosrc, provolatile from pg_proc where proname = $1',
    [name],
  );
  // 's' is STABLE: no snapshot of its own, so the figures and the session check agree.
  expect(rows).toEqual([{ prosrc: body(), provolatile: 's' }]);
});
