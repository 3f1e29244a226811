import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/** How long an IntersectionObserver may stay silent before the content renders anyway. */
const SILENT_OBSERVER_MS = 1000;

/**
 * Renders `children` once their place comes within `margin` px of the viewport, so that a long
 * page builds its first screen without the work of everything below it; until then it shows
 * `placeholder` (which should keep the content's height and its heading).
 *
 * A browser's IntersectionObserver reports every target at once, in view or not; an environment
 * without one, or whose observer never reports (some embedded views, test DOMs), gets the
 * content at once or after a second, never a page that stays empty. The reveal is a transition,
 * so React may split the rendering of a large section into short tasks.
 */
export function RenderWhenVisible({
  placeholder,
  margin = 200,
  children,
}: {
  placeholder: ReactNode;
  margin?: number;
  children: ReactNode;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = anchor.current;
    if (shown || !element) return;
    const show = () => startTransition(() => setShown(true));
    let reported = false;
    const observer = new IntersectionObserver(
      (entries) => {
        reported = true;
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(element);
    const silent = setTimeout(() => {
      if (!reported) show();
    }, SILENT_OBSERVER_MS);
    return () => {
      observer.disconnect();
      clearTimeout(silent);
    };
  }, [shown, margin]);

  if (shown) return children;
  return <div ref={anchor}>{placeholder}</div>;
}
