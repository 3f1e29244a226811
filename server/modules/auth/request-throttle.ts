import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { pruneLoginFailures } from './login-throttle';

export type RateLimit = { scope: string; limit: number; windowMs: number };

/**
 * Counts one request of `key` in the current fixed window and answers whether it is over the
 * limit, with the seconds until the window ends. One upsert, atomic across app instances.
 */
export async function hitRateLimit(
  db: Pick<Database, 'execute'>,
  rule: RateLimit,
  key: string,
): Promise<{ isLimited: boolean; retryAfterSeconds: number }> {
  const windowSeconds = rule.windowMs / 1000;
  const result = await db.execute<{ hits: number; retry_after: number }>(sql`
    insert into rate_limits (scope, key, window_start, hits)
    values (${rule.scope}, ${key},
      to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (scope, key, window_start) do update set hits = rate_limits.hits + 1
    returning hits,
      ceil(extract(epoch from window_start) + ${windowSeconds} - extract(epoch from now()))::int as retry_after`);
  const row = result.rows[0]!;
  return { isLimited: row.hits > rule.limit, retryAfterSeconds: Math.max(1, row.retry_after) };
}

/** Drops counters of windows that have ended (kept an hour, longer than any window). */
export async function pruneRateLimits(db: Pick<Database, 'execute'>) {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 hour'`);
}

const PRUNE_INTERVAL_MS = 15 * 60 * 1000;

/** Periodically removes old throttling rows (rate-limit windows and sign-in failures). */
export function scheduleThrottlePruning(app: FastifyInstance, db: Database) {
  const timer = setInterval(() => {
    Promise.all([pruneRateLimits(db), pruneLoginFailures(db)]).catch((error) =>
      app.log.warn({ err: error }, 'could not prune throttling rows'),
    );
  }, PRUNE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
