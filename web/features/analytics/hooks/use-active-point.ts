import { type KeyboardEvent, useCallback, useState } from 'react';

export type ActivePoint = { index: number; by: 'pointer' | 'keyboard' };

/**
 * Which data point of a chart shows its tooltip, and how it got there: the pointer over it, or
 * the keyboard (the chart is one tab stop: focus shows the first point, the arrow keys and
 * Home/End move, Escape hides, leaving hides). A pointer leaving the chart hides only what the
 * pointer showed.
 */
export function useActivePoint(count: number) {
  const [active, setActive] = useState<ActivePoint | null>(null);

  const point = useCallback(
    (index: number | null) =>
      setActive((current) => {
        if (index === null) return current?.by === 'pointer' ? null : current;
        return current?.index === index && current.by === 'pointer'
          ? current
          : { index, by: 'pointer' };
      }),
    [],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (count === 0) return;
      const from = active?.index ?? -1;
      const moves: Record<string, number> = {
        ArrowRight: Math.min(count - 1, from + 1),
        ArrowDown: Math.min(count - 1, from + 1),
        ArrowLeft: Math.max(0, from - 1),
        ArrowUp: Math.max(0, from - 1),
        Home: 0,
        End: count - 1,
      };
      if (event.key === 'Escape') {
        if (active) {
          event.preventDefault();
          setActive(null);
        }
        return;
      }
      const next = moves[event.key];
      if (next === undefined) return;
      event.preventDefault();
      setActive({ index: next, by: 'keyboard' });
    },
    [active, count],
  );

  const onFocus = useCallback(() => {
    if (count > 0) setActive((current) => current ?? { index: 0, by: 'keyboard' });
  }, [count]);
  const onBlur = useCallback(() => setActive(null), []);

  return { active, point, keyboard: { onKeyDown, onFocus, onBlur } };
}
