import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { sharedSessionSecret } from './queries';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('sharedSessionSecret', () => {
  it('stores the first candidate and answers it to every later caller', async () => {
    // Eight instances asking at once, each with the secret of its own DATA_DIR.
    const candidates = Array.from({ length: 8 }, (_, i) => `candidate-${i}-${'x'.repeat(40)}`);
    const answers = await Promise.all(candidates.map((c) => sharedSessionSecret(database.db, c)));
    expect(new Set(answers).size).toBe(1);
    expect(candidates).toContain(answers[0]);
    expect(await sharedSessionSecret(database.db, `later-${'y'.repeat(40)}`)).toBe(answers[0]);
    const rows = await database.db.execute(
      sql`select value from settings where key = 'session_secret'`,
    );
    expect(rows.rows).toEqual([{ value: answers[0] }]);
  });
});
