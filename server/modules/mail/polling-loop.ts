export type PollingLoop = { stop: () => Promise<void>; runNow: () => Promise<void> };

/**
 * Runs `run` now and then every intervalMs after the previous run ended, until stopped; stop()
 * waits for a run in progress. `run` must not throw (it logs its own failures): the database may
 * be briefly unavailable, and the next tick tries again. Used by the outbox and the review clock,
 * whose work is decided by rows in PostgreSQL: the loop only says when to look.
 */
export function startPollingLoop(run: () => Promise<void>, intervalMs: number): PollingLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = run().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  timer = setTimeout(tick, 0);
  return {
    runNow: async () => {
      await running;
      await run();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
