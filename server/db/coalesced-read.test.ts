import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonBody } from '../http/json-body';
import { type CoalescedRun, coalescedRead } from './coalesced-read';

/**
 * A read whose runs the test finishes by hand. Each run returns the `version` it saw when it
 * started, standing for the snapshot a query takes.
 */
function controlledRead() {
  const runs: { saw: number; finish: () => void; fail: (error: Error) => void }[] = [];
  const source = { version: 0 };
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const saw = source.version;
      runs.push({ saw, finish: () => resolve(saw), fail: reject });
    });
  return { runs, source, read: coalescedRead(read) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedRead', () => {
  it('gives each run the keys of exactly the callers that share it', async () => {
    const runs: { keys: string[]; finish: () => void }[] = [];
    const read = coalescedRead((run: CoalescedRun<string>) => {
      const keys = [...run.keys];
      return new Promise<string[]>((resolve) => runs.push({ keys, finish: () => resolve(keys) }));
    });
    const first = read('a');
    const during = [read('b'), read(), read('c')];
    expect(runs.map((run) => run.keys)).toEqual([['a']]);
    runs[0]!.finish();
    expect(await first).toEqual(['a']);
    await settle();
    // The callers that came during the first run share the second, and it knows their keys.
    expect(runs.map((run) => run.keys)).toEqual([['a'], ['b', 'c']]);
    runs[1]!.finish();
    expect(await Promise.all(during)).toEqual([
      ['b', 'c'],
      ['b', 'c'],
      ['b', 'c'],
    ]);
  });

  it('adds the keys of callers that join a run while it is joinable, and not after', async () => {
    let release = () => {};
    const seen: string[][] = [];
    const read = coalescedRead(async (run: CoalescedRun<string>) => {
      run.joinable = true;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      run.joinable = false;
      seen.push([...run.keys]);
      return run.keys.length;
    });
    const first = read('a');
    const joined = read('b');
    release();
    expect(await Promise.all([first, joined])).toEqual([2, 2]);
    expect(seen).toEqual([['a', 'b']]);
  });

  it('runs twice at most for any number of callers that arrive together', async () => {
    const { runs, read } = controlledRead();
    const answers = Array.from({ length: 5 }, () => read());
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await settle();
    expect(runs).toHaveLength(2); // one run for the four that arrived during the first
    runs[1]!.finish();
    expect(await Promise.all(answers)).toEqual([0, 0, 0, 0, 0]);
    expect(runs).toHaveLength(2);
  });

  it('never hands a caller a run that started before its call', async () => {
    const { runs, source, read } = controlledRead();
    const first = read();
    source.version = 1; // a write is acknowledged while the first run is in flight
    const second = read();
    const third = read();
    expect(runs).toHaveLength(1); // the later callers wait: they may not share the older snapshot
    runs[0]!.finish();
    expect(await first).toBe(0);
    await settle();
    expect(runs).toHaveLength(2);
    expect(runs[1]!.saw).toBe(1);
    runs[1]!.finish();
    expect(await Promise.all([second, third])).toEqual([1, 1]);
  });

  it('keeps nothing between runs: a later call reads again', async () => {
    const { runs, source, read } = controlledRead();
    const first = read();
    runs[0]!.finish();
    expect(await first).toBe(0);
    source.version = 2;
    const later = read();
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    expect(await later).toBe(2);
  });

  it('gives a failure to the callers of that run only, and the waiting callers a run of their own', async () => {
    const { runs, read } = controlledRead();
    const failing = read();
    const waiting = read();
    runs[0]!.fail(new Error('database unavailable'));
    await expect(failing).rejects.toThrow('database unavailable');
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    expect(await waiting).toBe(0);
  });
});

describe('jsonBody', () => {
  it('serialises what the schema keeps, once, as bytes', () => {
    const schema = z.array(z.object({ id: z.number(), name: z.string() }));
    const body = jsonBody(schema, [{ id: 1, name: 'Ada', passwordHash: 'x' } as never]);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(JSON.parse(body.toString())).toEqual([{ id: 1, name: 'Ada' }]);
  });

  it('refuses a value that does not fit the response schema', () => {
    const schema = z.array(z.object({ id: z.number() }));
    expect(() => jsonBody(schema, [{ id: 'one' } as never])).toThrow();
  });
});
