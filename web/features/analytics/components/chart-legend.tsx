import type { ReactNode } from 'react';

/**
 * Props of a chart legend: above the plot, series in the order they are drawn (recharts would
 * sort them by name), names in small theme-coloured text.
 */
export const CHART_LEGEND = {
  verticalAlign: 'top',
  itemSorter: null,
  height: 36,
  formatter: (value: ReactNode) => <span className="text-xs text-foreground">{value}</span>,
} as const;
