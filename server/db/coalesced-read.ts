/**
 * One execution of `read` shared by concurrent callers, never a result older than the call.
 *
 * A caller that finds no run in flight starts one. A caller that arrives while a run is in flight
 * does not join it (its snapshot may predate a write the caller has already seen acknowledged): it
 * waits for that run to end and shares the next one with everyone else who arrived meanwhile. So
 * every caller gets what a query of its own, started at the moment of its call or later, returns:
 * nothing is cached between runs, yet N identical requests at once cost at most two runs instead
 * of N (decision 0007). The shared value must not be mutated by its callers.
 */
export function coalescedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  let queued: Promise<T> | undefined;

  const start = (): Promise<T> => {
    const run: Promise<T> = read().finally(() => {
      if (inFlight === run) inFlight = undefined;
    });
    inFlight = run;
    return run;
  };

  return () => {
    if (!inFlight) return start();
    if (!queued) {
      const ended = () => {
        queued = undefined;
        return start();
      };
      queued = inFlight.then(ended, ended);
    }
    return queued;
  };
}
