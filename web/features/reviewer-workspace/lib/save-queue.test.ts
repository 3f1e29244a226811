import { describe, expect, it } from 'vitest';
import { SaveQueue } from './save-queue';

/** A save whose completion the test controls. */
function controlledSaves() {
  const started: string[] = [];
  const finishers: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const run = (payload: string) =>
    new Promise<void>((resolve, reject) => {
      started.push(payload);
      finishers.push({ resolve, reject });
    });
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { started, finishers, run, tick };
}

describe('SaveQueue', () => {
  it('runs one save at a time and the latest waiting input wins', async () => {
    const queue = new SaveQueue<string>();
    const { started, finishers, run, tick } = controlledSaves();

    const first = queue.enqueue('a', run);
    const second = queue.enqueue('b', run);
    const third = queue.enqueue('c', run);
    await tick();
    expect(started).toEqual(['a']);
    expect(queue.getState().status).toBe('saving');

    finishers[0]!.resolve();
    await tick();
    // 'b' was replaced by 'c' while 'a' ran: it is never sent.
    expect(started).toEqual(['a', 'c']);
    expect(await first).toBe(true);

    finishers[1]!.resolve();
    expect(await second).toBe(true);
    expect(await third).toBe(true);
    expect(queue.getState()).toMatchObject({ status: 'saved', lastSaved: 'c', savedCount: 2 });
  });

  it('reports a failure, keeps it until a later save succeeds, and saves again on retry', async () => {
    const queue = new SaveQueue<string>();
    const { started, finishers, run, tick } = controlledSaves();

    const failed = queue.enqueue('a', run);
    await tick();
    finishers[0]!.reject(new Error('500: boom'));
    expect(await failed).toBe(false);
    expect(queue.getState()).toMatchObject({ status: 'failed', lastSaved: null });
    expect(queue.getState().error?.message).toBe('500: boom');

    const retried = queue.enqueue('a', run);
    await tick();
    expect(started).toEqual(['a', 'a']);
    finishers[1]!.resolve();
    expect(await retried).toBe(true);
    expect(queue.getState()).toMatchObject({ status: 'saved', error: null, lastSaved: 'a' });
  });

  it('a failed save does not hide newer input waiting behind it', async () => {
    const queue = new SaveQueue<string>();
    const { started, finishers, run, tick } = controlledSaves();
    const states: string[] = [];
    queue.subscribe(() => states.push(queue.getState().status));

    void queue.enqueue('a', run);
    await tick();
    const newer = queue.enqueue('b', run);
    finishers[0]!.reject(new Error('503: down'));
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect(queue.getState().status).toBe('saving');
    finishers[1]!.resolve();
    expect(await newer).toBe(true);
    expect(queue.getState()).toMatchObject({ status: 'saved', lastSaved: 'b', error: null });
    expect(states).not.toContain('failed');
  });
});
