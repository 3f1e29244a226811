import type { ReactNode } from 'react';

/**
 * Props of a chart legend: above the plot, series in the order they are drawn (recharts would
 * sort them by name), names in small theme-coloured text. No fixed height: on a phone the names
 * wrap onto several lines, and recharts then makes room for them instead of drawing over the bars.
 */
export const CHART_LEGEND = {
  verticalAlign: 'top',
  itemSorter: null,
  formatter: (value: ReactNode) => <span className="text-xs text-foreground">{value}</span>,
} as const;
