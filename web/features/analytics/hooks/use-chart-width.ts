import { useLayoutEffect, useRef, useState } from 'react';
import { RESIZE_DEBOUNCE_MS } from '../lib/chart-theme';

/**
 * The width (whole pixels) of the element `ref` is put on, for a chart drawn to fit it: measured
 * before the first paint, then again once a resize has settled (RESIZE_DEBOUNCE_MS), so that the
 * sidebar's 200 ms slide redraws a chart once rather than every frame. Null until measured; where
 * nothing has a size (a test DOM), `fallback`.
 */
export function useChartWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => Math.round(element.getBoundingClientRect().width);
    setWidth(measure() || fallback);
    if (typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const measured = measure();
        if (measured > 0) setWidth(measured);
      }, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [fallback]);

  return [ref, width] as const;
}
