import { type RefObject, useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';

type Shown = { text: string; x: number; top: number; bottom: number; by: 'pointer' | 'focus' };

/**
 * One tooltip for the many targets inside `containerRef` that match `selector` (e.g. the 10,000
 * cells of a heatmap), instead of one tooltip component per target: it listens on the container,
 * shows `describe(target)` above the target under the pointer or holding the focus, and is named
 * by the focused target's aria-describedby. Escape, leaving the container, or scrolling the target
 * out of view hide it.
 * Only this component re-renders when the tooltip moves, never the targets.
 */
export function DelegatedTooltip({
  containerRef,
  selector,
  describe,
}: {
  containerRef: RefObject<HTMLElement | null>;
  selector: string;
  describe: (target: HTMLElement) => string | null;
}) {
  const id = useId();
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let described: HTMLElement | null = null;
    let by: Shown['by'] | null = null;

    const hide = () => {
      described?.removeAttribute('aria-describedby');
      described = null;
      by = null;
      setShown(null);
    };
    const targetOf = (node: EventTarget | null) => {
      const target = node instanceof Element ? node.closest<HTMLElement>(selector) : null;
      return target && container.contains(target) ? target : null;
    };
    const show = (target: HTMLElement, source: Shown['by']) => {
      const text = describe(target);
      if (text === null) return hide();
      if (described !== target) described?.removeAttribute('aria-describedby');
      if (source === 'focus') target.setAttribute('aria-describedby', id);
      described = target;
      by = source;
      const rect = target.getBoundingClientRect();
      setShown({ text, x: rect.left + rect.width / 2, top: rect.top, bottom: rect.bottom, by });
    };

    const onPointerOver = (event: PointerEvent) => {
      const target = targetOf(event.target);
      if (target) show(target, 'pointer');
      else if (by === 'pointer') hide();
    };
    const onPointerLeave = () => {
      if (by !== 'pointer') return;
      const focused = targetOf(document.activeElement);
      if (focused) show(focused, 'focus');
      else hide();
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = targetOf(event.target);
      if (target) show(target, 'focus');
    };
    const onFocusOut = (event: FocusEvent) => {
      if (by === 'focus' && !targetOf(event.relatedTarget)) hide();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && by !== null) hide();
    };
    // Scrolling moves the target: follow it while it stays in the container's view (the browser
    // itself sends pointerover for whatever comes under a still pointer), else hide.
    const onScroll = () => {
      if (by === null || !described) return;
      const target = described;
      const box = target.getBoundingClientRect();
      const view = container.getBoundingClientRect();
      const inView =
        target.isConnected &&
        box.bottom > view.top &&
        box.top < view.bottom &&
        box.right > view.left &&
        box.left < view.right;
      if (inView) show(target, by);
      else hide();
    };

    container.addEventListener('pointerover', onPointerOver);
    container.addEventListener('pointerleave', onPointerLeave);
    container.addEventListener('focusin', onFocusIn);
    container.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKeyDown);
    // Capture: the container's own scrolling, and the page's.
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      container.removeEventListener('pointerover', onPointerOver);
      container.removeEventListener('pointerleave', onPointerLeave);
      container.removeEventListener('focusin', onFocusIn);
      container.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('scroll', onScroll, { capture: true });
      described?.removeAttribute('aria-describedby');
    };
  }, [containerRef, selector, describe, id]);

  if (!shown) return null;
  // Above the target, or below it when there is no room above.
  const above = shown.top > 40;
  return createPortal(
    <div
      id={id}
      role="tooltip"
      className="pointer-events-none fixed z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md"
      style={{
        left: shown.x,
        top: above ? shown.top - 6 : shown.bottom + 6,
        transform: above ? 'translate(-50%, -100%)' : 'translate(-50%, 0)',
      }}
    >
      {shown.text}
    </div>,
    document.body,
  );
}
