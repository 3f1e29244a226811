import pg from 'pg';

export type Listener = {
  /** Payloads received so far, oldest first. */
  payloads: string[];
  /**
   * Resolves with the first payload (already received or still to come) that `matches`; rejects
   * once `timeoutMs` pass without one.
   */
  next: (matches: (payload: string) => boolean, timeoutMs?: number) => Promise<string>;
  end: () => Promise<void>;
};

/** A connection of its own LISTENing on `channel` of the pool's database, as another instance's. */
export async function listenOn(pool: pg.Pool, channel: string): Promise<Listener> {
  // pg keeps the password as a hidden property of a pool's options: copy it by name.
  const client = new pg.Client({ ...pool.options, password: pool.options.password });
  client.on('error', () => {});
  const payloads: string[] = [];
  const waiting = new Set<(payload: string) => void>();
  client.on('notification', (message) => {
    if (message.channel !== channel) return;
    payloads.push(message.payload ?? '');
    for (const wake of [...waiting]) wake(message.payload ?? '');
  });
  await client.connect();
  await client.query(`LISTEN ${channel}`);
  return {
    payloads,
    next: (matches, timeoutMs = 5000) =>
      new Promise<string>((resolve, reject) => {
        const found = payloads.find(matches);
        if (found !== undefined) return resolve(found);
        const timer = setTimeout(() => {
          waiting.delete(wake);
          reject(new Error(`no matching notification on ${channel} within ${timeoutMs} ms`));
        }, timeoutMs);
        const wake = (payload: string) => {
          if (!matches(payload)) return;
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(payload);
        };
        waiting.add(wake);
      }),
    end: () => client.end(),
  };
}
