import { startTransition, useLayoutEffect, useRef, useState } from 'react';
import { RESIZE_DEBOUNCE_MS } from '../lib/chart-theme';

/** How long a ResizeObserver may stay silent before the chart is drawn at the fallback width. */
const SILENT_OBSERVER_MS = 100;

/**
 * The width (whole pixels) of the element `ref` is put on, for a chart drawn to fit it. Null until
 * measured; where nothing measures (an element without a size, or an observer that never reports,
 * as in a test DOM or a hidden tab), `fallback` until a size is reported.
 *
 * Read from a ResizeObserver, never from getBoundingClientRect during React's commit: that would
 * force the browser to lay out the whole page in the middle of the render that builds it (on a
 * phone's CPU the largest single cost of the page's first screen). The observer reports after the
 * browser's own layout; the chart then draws in a transition, which React may split into short
 * tasks. Later sizes are taken once a resize has settled (RESIZE_DEBOUNCE_MS), so that the
 * sidebar's 200 ms slide redraws a chart once rather than every frame.
 */
export function useChartWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(fallback);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let measured = false;
    const silent = setTimeout(() => {
      measured = true;
      startTransition(() => setWidth((current) => current ?? fallback));
    }, SILENT_OBSERVER_MS);
    const observer = new ResizeObserver((entries) => {
      const size = Math.round(entries[0]?.contentRect.width ?? 0);
      if (!measured) {
        measured = true;
        clearTimeout(silent);
        startTransition(() => setWidth(size || fallback));
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (size > 0) setWidth(size);
      }, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(silent);
      clearTimeout(timer);
    };
  }, [fallback]);

  return [ref, width] as const;
}
