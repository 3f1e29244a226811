/**
 * Chart styling that reads well in both themes: text and lines use the theme's CSS variables;
 * series use mid-tone colours that keep their contrast on the light and on the dark card.
 */
export const SERIES_COLORS = ['#6366f1', '#10b981', '#f59e0b', '#f43f5e', '#0ea5e9'] as const;

export const COMPOSITE_COLOR = 'var(--primary)';
export const GRID_STROKE = 'var(--border)';
export const SCORE_DOMAIN: [number, number] = [0, 5];
export const SCORE_TICKS = [0, 1, 2, 3, 4, 5] as const;
export const CHART_HEIGHT = 320;
/** The width a chart is drawn at where nothing has a size (a test DOM). */
export const INITIAL_DIMENSION = { width: 640, height: CHART_HEIGHT };

/**
 * A chart redraws at most once per this many ms while its box resizes, at the end (the sidebar's
 * 200 ms slide would otherwise redraw every chart each frame).
 */
export const RESIZE_DEBOUNCE_MS = 250;
