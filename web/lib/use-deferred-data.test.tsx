import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredData } from './use-deferred-data';

/** Every value the hook gave, render by render. */
function history(initial: string[] | undefined) {
  const seen: Array<{ data: string[] | undefined; isWaiting: boolean }> = [];
  const hook = renderHook(
    ({ data }: { data: string[] | undefined }) => {
      const value = useDeferredData(data);
      seen.push(value);
      return value;
    },
    { initialProps: { data: initial } },
  );
  return { seen, hook };
}

describe('useDeferredData', () => {
  it('draws an answer already there at mount in a second, background render', () => {
    const rows = ['a', 'b'];
    const { seen, hook } = history(rows);
    expect(seen[0]).toEqual({ data: undefined, isWaiting: true });
    expect(hook.result.current).toEqual({ data: rows, isWaiting: false });
  });

  it('is not waiting while there is no answer yet', () => {
    const { seen, hook } = history(undefined);
    expect(seen.every((value) => !value.isWaiting && value.data === undefined)).toBe(true);
    expect(hook.result.current).toEqual({ data: undefined, isWaiting: false });
  });

  it('waits for an answer that arrives, and keeps the drawn one while a new one is drawn', () => {
    const { seen, hook } = history(undefined);
    const first = ['a'];
    hook.rerender({ data: first });
    expect(seen).toContainEqual({ data: undefined, isWaiting: true });
    expect(hook.result.current).toEqual({ data: first, isWaiting: false });

    const before = seen.length;
    const second = ['a', 'b'];
    hook.rerender({ data: second });
    // The blocking render still shows the first answer; the background one the second.
    expect(seen[before]).toEqual({ data: first, isWaiting: false });
    expect(hook.result.current).toEqual({ data: second, isWaiting: false });
  });
});
