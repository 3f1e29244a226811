import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from './client';

describe('openDatabase', () => {
  it('sizes the pool from DATABASE_POOL_MAX', async () => {
    for (const [size, expected] of [
      [undefined, 10],
      ['3', 3],
    ] as const) {
      const database = await openDatabase(
        loadConfig({
          DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
          ...(size ? { DATABASE_POOL_MAX: size } : {}),
        }),
        { databasePassword: '', log: () => {} },
      );
      // A pool connects on first use: nothing is opened here.
      expect(database.pool.options.max).toBe(expected);
      await database.close();
    }
  });
});
