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
