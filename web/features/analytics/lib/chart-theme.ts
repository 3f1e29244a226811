/**
 * Chart styling that reads well in both themes: text and lines use the theme's CSS variables;
 * series use mid-tone colours that keep their contrast on the light and on the dark card.
 */
export const SERIES_COLORS = ['#6366f1', '#10b981', '#f59e0b', '#f43f5e', '#0ea5e9'] as const;

export const COMPOSITE_COLOR = 'var(--primary)';
export const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 } as const;
export const AXIS_LINE = { stroke: 'var(--border)' } as const;
export const GRID_STROKE = 'var(--border)';
export const SCORE_DOMAIN: [number, number] = [0, 5];
export const SCORE_TICKS = [0, 1, 2, 3, 4, 5];
export const CHART_HEIGHT = 320;
/** Lets ResponsiveContainer draw before it has measured (and in tests, where nothing measures). */
export const INITIAL_DIMENSION = { width: 640, height: CHART_HEIGHT };

/*
 * Props spread onto the recharts elements, so that every chart draws its grid, axes and bars
 * alike and a change of style is made once. Plain objects rather than wrapper components: a
 * recharts chart reads its axes from its own children.
 */

/** The dashed grid of every chart. */
export const GRID_STYLE = { stroke: GRID_STROKE, strokeDasharray: '3 3' } as const;
/** Tick text, axis line and tick marks of every axis. */
export const AXIS_STYLE = { tick: AXIS_TICK, axisLine: AXIS_LINE, tickLine: AXIS_LINE } as const;
/** An axis over the 0-5 scale of scores and composites. */
export const SCORE_AXIS = { domain: SCORE_DOMAIN, ticks: SCORE_TICKS, ...AXIS_STYLE } as const;
/** Bars with rounded tops, drawn at once rather than animated in. */
export const BAR_STYLE = {
  radius: [2, 2, 0, 0] as [number, number, number, number],
  isAnimationActive: false,
} as const;
/** The hover shade behind the bars of one category. */
export const BAR_CURSOR = { fill: 'var(--muted)', opacity: 0.5 } as const;

/** The title of a vertical axis, turned to read along it, centred, in the tick text's style. */
export function sideAxisLabel(value: string, side: 'left' | 'right') {
  return {
    value,
    angle: side === 'left' ? -90 : 90,
    position: side === 'left' ? ('insideLeft' as const) : ('insideRight' as const),
    ...AXIS_TICK,
    style: { textAnchor: 'middle' as const },
  };
}

/**
 * ResponsiveContainer's `debounce`: a chart redraws at most once per this many ms while its card
 * resizes, at the end (the sidebar's 200 ms slide would otherwise redraw every chart each frame).
 */
export const RESIZE_DEBOUNCE_MS = 250;
