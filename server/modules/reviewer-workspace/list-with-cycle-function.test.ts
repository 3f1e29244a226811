import { expect, it } from 'vitest';
import { setupTestDatabase } from '../../test/test-database';
import { LIST_WITH_CYCLE_FUNCTION, listWithCycleFunctionBody } from './queries';

// The reviewer list's statement calls a function for its review-cycle and outcome forms
// (decision 0035); a migration holds that function's body. This fails when the forms the code
// renders change without a migration that replaces the function.

const database = setupTestDatabase();

it('the migrated function holds the forms the code renders, and reads the calling snapshot', async () => {
  const { rows } = await database.pool.query<{ prosrc: string; provolatile: string }>(
    'select prosrc, provolatile from pg_proc where proname = $1',
    [LIST_WITH_CYCLE_FUNCTION],
  );
  // 's' is STABLE: no snapshot of its own, so the list and the session check agree.
  expect(rows).toEqual([{ prosrc: listWithCycleFunctionBody(), provolatile: 's' }]);
});
