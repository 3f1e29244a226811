import { useCallback, useState } from 'react';

/**
 * Whether an element's content is wider than the element, so that it scrolls sideways; measured
 * again whenever the element or its first child (the content) changes size. Returns the ref to
 * put on the scrolling element. Without ResizeObserver (jsdom) it stays false.
 */
export function useScrollsSideways<T extends HTMLElement>() {
  const [scrollsSideways, setScrollsSideways] = useState(false);
  const ref = useCallback((element: T | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setScrollsSideways(element.scrollWidth > element.clientWidth),
    );
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, scrollsSideways] as const;
}
