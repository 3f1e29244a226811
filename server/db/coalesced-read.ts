/** What a run of coalescedRead may say about itself while it is in flight. */
export type CoalescedRun<Key = never> = {
  /**
   * True while the run has not yet taken the snapshot its value comes from (it is waiting before
   * its read): a caller arriving then shares it, since what it reads comes after that caller.
   */
  joinable: boolean;
  /**
   * The keys its callers passed, so far: complete when the run starts, and growing while it is
   * joinable (read them when the statement is sent). For example the callers' sessions, which
   * the statement checks for all of them (issue 38).
   */
  keys: Key[];
};

/**
 * One execution of `read` shared by concurrent callers, never a result older than the call.
 *
 * A caller that finds no run in flight starts one. A caller that arrives while a run is in flight
 * does not join it (its snapshot may predate a write the caller has already seen acknowledged): it
 * waits for that run to end and shares the next one with everyone else who arrived meanwhile,
 * unless the run says it is still `joinable` (it has not read yet). So every caller gets what a
 * query of its own, started at the moment of its call or later, returns: nothing is cached between
 * runs, yet N identical requests at once cost at most two runs instead of N (decision 0007). The
 * shared value must not be mutated by its callers.
 */
export function coalescedRead<T, Key = never>(
  read: (run: CoalescedRun<Key>) => Promise<T>,
): (key?: Key) => Promise<T> {
  let inFlight: (CoalescedRun<Key> & { value: Promise<T> }) | undefined;
  let queued: { keys: Key[]; value: Promise<T> } | undefined;

  const start = (keys: Key[]): Promise<T> => {
    const run: CoalescedRun<Key> = { joinable: false, keys };
    const value: Promise<T> = read(run).finally(() => {
      if (inFlight?.value === value) inFlight = undefined;
    });
    inFlight = Object.assign(run, { value });
    return value;
  };

  return (key) => {
    const keys = key === undefined ? [] : [key];
    if (!inFlight) return start(keys);
    if (inFlight.joinable) {
      inFlight.keys.push(...keys);
      return inFlight.value;
    }
    if (!queued) {
      const next: Key[] = [];
      const ended = () => {
        queued = undefined;
        return start(next);
      };
      queued = { keys: next, value: inFlight.value.then(ended, ended) };
    }
    queued.keys.push(...keys);
    return queued.value;
  };
}
