import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRefetchAt } from './use-refetch-at';

function Clock({
  instants,
  anchor,
  refetch,
}: {
  instants: number[];
  anchor: { now: string; receivedAt: number };
  refetch: () => void;
  tick: number;
}) {
  useRefetchAt({ instants, anchor, refetch });
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-29T04:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useRefetchAt', () => {
  it('refetches just after the instant even when the page renders as it passes', () => {
    const refetch = vi.fn();
    const start = Date.now();
    const anchor = { now: new Date(start).toISOString(), receivedAt: start };
    const deadline = start + 60_000;
    const view = render(<Clock instants={[deadline]} anchor={anchor} refetch={refetch} tick={0} />);
    act(() => vi.advanceTimersByTime(60_000));
    // A countdown turns to "Closing now" at the deadline: a render before the refetch is due.
    view.rerender(<Clock instants={[deadline]} anchor={anchor} refetch={refetch} tick={1} />);
    expect(refetch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('moves on to the next instant once the first one has been refetched', () => {
    const refetch = vi.fn();
    const start = Date.now();
    const anchor = { now: new Date(start).toISOString(), receivedAt: start };
    const instants = [start + 10_000, start + 30_000];
    const view = render(<Clock instants={instants} anchor={anchor} refetch={refetch} tick={0} />);
    act(() => vi.advanceTimersByTime(11_000));
    expect(refetch).toHaveBeenCalledTimes(1);
    view.rerender(<Clock instants={instants} anchor={anchor} refetch={refetch} tick={1} />);
    act(() => vi.advanceTimersByTime(20_000));
    expect(refetch).toHaveBeenCalledTimes(2);
  });
});
