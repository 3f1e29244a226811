import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { DiscussionPanelProps } from './discussion-thread-panel';

// The panel's code is a chunk of its own, asked for once the page around it has painted: no
// page's first load carries it (decision 0023's budgets).
const DiscussionThreadPanel = lazy(() =>
  import('./discussion-thread-panel').then((module) => ({ default: module.DiscussionThreadPanel })),
);

/** True from the frame after the first paint of the component that calls it. */
function useAfterFirstPaint(): boolean {
  const [isPainted, setIsPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task posted from an animation frame runs after that frame has painted.
    const frame =
      typeof requestAnimationFrame === 'undefined'
        ? undefined
        : requestAnimationFrame(() => {
            timer = setTimeout(() => setIsPainted(true), 0);
          });
    if (frame === undefined) timer = setTimeout(() => setIsPainted(true), 0);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return isPainted;
}

/** The panel's chunk could not load (offline, or a deploy replaced it): the page goes on. */
class PanelBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { hasFailed: boolean }
> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}

/**
 * Where a page shows an opportunity's discussion: after the page's own content has painted, the
 * panel's code and then the thread are fetched. For a reviewer, nothing shows unless the thread
 * can be read.
 */
export function DiscussionPanelSlot(props: DiscussionPanelProps) {
  const isPainted = useAfterFirstPaint();
  if (!isPainted) return null;
  const fallback =
    props.role === 'admin' ? (
      <p role="alert" className="text-sm text-destructive dark:text-red-400">
        The discussion could not be loaded. Reload the page to try again.
      </p>
    ) : null;
  return (
    <PanelBoundary fallback={fallback}>
      <Suspense fallback={null}>
        <DiscussionThreadPanel {...props} />
      </Suspense>
    </PanelBoundary>
  );
}
