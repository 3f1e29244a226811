import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS, openEventStream } from './event-stream';

// The stream's own rules, on a fake clock: what reaches the response, in which order.

const textOf = (stream: ReturnType<typeof openEventStream>) => {
  const chunks: string[] = [];
  for (let chunk = stream.stream.read(); chunk !== null; chunk = stream.stream.read()) {
    chunks.push(String(chunk));
  }
  return chunks.join('');
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('openEventStream', () => {
  it('announces each version once, and a heartbeat comment while quiet', () => {
    const stream = openEventStream(() => {});
    stream.announceFirst(3);
    stream.announce(3);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    stream.announce(4);
    expect(textOf(stream)).toBe(
      'event: meeting\ndata: {"version":3}\n\n: ping\n\nevent: meeting\ndata: {"version":4}\n\n',
    );
    stream.end();
  });

  it('skips the version read at connect when a newer one came first', () => {
    const stream = openEventStream(() => {});
    stream.announce(5);
    stream.announceFirst(4);
    stream.announceFirst(5);
    expect(textOf(stream)).toBe('event: meeting\ndata: {"version":5}\n\n');
    stream.end();
  });

  it('sends nothing after its end, and tells its owner once it is closed', async () => {
    const onClose = vi.fn();
    const stream = openEventStream(onClose);
    const errors: unknown[] = [];
    stream.stream.on('error', (error) => errors.push(error));
    stream.end();
    stream.end();
    stream.announce(1);
    vi.advanceTimersByTime(HEARTBEAT_MS * 2);
    expect(textOf(stream)).toBe('');
    stream.stream.resume();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(errors).toEqual([]);
  });

  it('stops its heartbeat when the client goes away', async () => {
    const onClose = vi.fn();
    const stream = openEventStream(onClose);
    expect(vi.getTimerCount()).toBe(1);
    stream.stream.destroy();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(vi.getTimerCount()).toBe(0);
    stream.announce(1);
    expect(stream.stream.destroyed).toBe(true);
  });
});
