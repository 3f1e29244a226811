import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/** How long an IntersectionObserver may stay silent before the content renders anyway. */
const SILENT_OBSERVER_MS = 1000;
/** The longest an idle render waits for the browser to be idle (requestIdleCallback's timeout). */
const IDLE_TIMEOUT_MS = 5000;
/** Where there is no requestIdleCallback: render after this long, well after the first screen. */
const IDLE_FALLBACK_MS = 3000;

/** Runs `work` when the browser is next idle; answers the cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, IDLE_FALLBACK_MS);
  return () => clearTimeout(timer);
}

/**
 * Reveals waiting their turn: one per frame, so that sections coming into view together (a
 * fast scroll, a jump to the end) render in tasks of one section each, with frames between.
 */
const reveals: Array<() => void> = [];
let revealing = false;

function revealNext() {
  const next = reveals.shift();
  if (!next) {
    revealing = false;
    return;
  }
  revealing = true;
  startTransition(next);
  // After the browser has had a frame: a task posted from requestAnimationFrame runs after it.
  if (typeof requestAnimationFrame === 'undefined') setTimeout(revealNext, 0);
  else requestAnimationFrame(() => setTimeout(revealNext, 0));
}

function queueReveal(reveal: () => void): () => void {
  reveals.push(reveal);
  if (!revealing) revealNext();
  return () => {
    const index = reveals.indexOf(reveal);
    if (index >= 0) reveals.splice(index, 1);
  };
}

/**
 * Renders `children` once their place comes within `margin` px of the viewport, so that a long
 * page builds its first screen without the work of everything below it; until then it shows
 * `placeholder` (which should keep the content's height and its heading).
 *
 * Content that is not scrolled to is rendered anyway once the browser is idle after the first
 * screen (issue 38), so that find-in-page, a screen reader's reading order and a printout see the
 * whole page; the first screen pays nothing for it.
 *
 * A browser's IntersectionObserver reports every target at once, in view or not; an environment
 * without one, or whose observer never reports (some embedded views, test DOMs), gets the
 * content at once or after a second, never a page that stays empty. Reveals take turns, one per
 * frame, each a transition (React may split its rendering further).
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
    let cancelReveal: (() => void) | null = null;
    const show = () => {
      cancelReveal ??= queueReveal(() => setShown(true));
    };
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
    const cancelIdle = whenIdle(show);
    return () => {
      observer.disconnect();
      clearTimeout(silent);
      cancelIdle();
      cancelReveal?.();
    };
  }, [shown, margin]);

  if (shown) return children;
  return <div ref={anchor}>{placeholder}</div>;
}
