import type { KeyboardEvent, PointerEvent, ReactNode, Ref } from 'react';

/**
 * The SVG every chart draws on (decision 0020): one tab stop named by `label`, whose arrow keys
 * move between the data points (`keyboard`, from useActivePoint), and whose pointer moves, taps
 * and leaving go to `onPoint`. A tap keeps its tooltip: a finger leaves the screen as soon as it
 * taps, so only a mouse or pen leaving hides it.
 */
export function ChartSurface({
  svgRef,
  label,
  kind,
  width,
  height,
  onPoint,
  keyboard,
  children,
}: {
  svgRef?: Ref<SVGSVGElement>;
  label: string;
  /** Marks the chart for tests and benchmarks (`data-chart`). */
  kind: string;
  /** The measured width; 0 until the box has been measured. */
  width: number;
  height: number;
  /** The pointer over the chart; null when a mouse or pen leaves it. */
  onPoint: (event: PointerEvent<SVGSVGElement> | null) => void;
  keyboard: {
    onKeyDown: (event: KeyboardEvent) => void;
    onFocus: () => void;
    onBlur: () => void;
  };
  children: ReactNode;
}) {
  return (
    <svg
      ref={svgRef}
      role="application"
      aria-label={label}
      aria-roledescription="chart"
      data-chart={kind}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is one tab stop; the arrow keys move between its points.
      tabIndex={0}
      width={width || '100%'}
      height={height}
      className="block overflow-visible rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      onPointerMove={onPoint}
      onPointerDown={onPoint}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'touch') onPoint(null);
      }}
      {...keyboard}
    >
      {children}
    </svg>
  );
}
