import type { HeatmapCell, HeatmapRow } from '@shared/analytics-schemas';
import { EMPTY_MARK } from '@web/lib/empty-mark';
import { formatScore1, formatScore2 } from './analytics-data';

/**
 * The colour bands of the 'Review Completion Heatmap' (SPEC.md section 9: >=4, >=3, >=2, else the
 * lowest). Each band pairs its own background with a text colour that stays readable whatever
 * the theme, since the cell paints its own background.
 */
export const HEATMAP_BANDS = [
  { id: '4-5', label: '4-5', min: 4, className: 'bg-emerald-700 text-white' },
  { id: '3-4', label: '3-4', min: 3, className: 'bg-emerald-200 text-emerald-950' },
  { id: '2-3', label: '2-3', min: 2, className: 'bg-amber-200 text-amber-950' },
  { id: '1-2', label: '1-2', min: Number.NEGATIVE_INFINITY, className: 'bg-red-200 text-red-950' },
] as const;

export const NOT_REVIEWED_BAND = {
  id: 'none',
  label: 'Not reviewed',
  className: 'bg-muted text-muted-foreground',
} as const;

/**
 * Cells outside the review work of their reviewer (issue 18): in 'assigned' review mode an
 * opportunity not assigned to them, and one they declared a conflict of interest for. Told apart
 * from 'Not reviewed' by their pattern (an empty dashed cell, a hatched cell), not only by colour.
 */
export const NOT_ASSIGNED_BAND = {
  id: 'unassigned',
  label: 'Not assigned',
  className: 'border border-dashed border-muted-foreground/70 bg-transparent text-muted-foreground',
} as const;

export const CONFLICT_BAND = {
  id: 'conflict',
  label: 'Conflict of interest',
  className:
    'border border-muted-foreground/70 bg-[repeating-linear-gradient(135deg,var(--muted-foreground)_0_1.5px,transparent_1.5px_6px)] text-foreground',
} as const;

export type HeatmapBand =
  | (typeof HEATMAP_BANDS)[number]
  | typeof NOT_REVIEWED_BAND
  | typeof NOT_ASSIGNED_BAND
  | typeof CONFLICT_BAND;

export function heatmapBandOf(composite: number | null): HeatmapBand {
  if (composite === null) return NOT_REVIEWED_BAND;
  return HEATMAP_BANDS.find((band) => composite >= band.min) ?? HEATMAP_BANDS[3];
}

/** The legend in ascending order: 1-2, 2-3, 3-4, 4-5, Not reviewed. */
export const HEATMAP_LEGEND: HeatmapBand[] = [...[...HEATMAP_BANDS].reverse(), NOT_REVIEWED_BAND];

/** The text inside a cell: the composite to 1 decimal, or the empty mark when not reviewed. */
export const heatmapCellText = (composite: number | null) =>
  composite === null ? EMPTY_MARK : formatScore1(composite);

/** A cell's tooltip: 'Score: x.xx', or 'Not reviewed'. */
export const heatmapCellTooltip = (composite: number | null) =>
  composite === null ? 'Not reviewed' : `Score: ${formatScore2(composite)}`;

/**
 * The band of a cell: a declared conflict first (its review, if any, counts nowhere), then an
 * opportunity not assigned to the reviewer, else the composite's band or 'Not reviewed'.
 */
export function heatmapCellBand(cell: HeatmapCell): HeatmapBand {
  if (cell.conflict) return CONFLICT_BAND;
  if (cell.unassigned) return NOT_ASSIGNED_BAND;
  return heatmapBandOf(cell.composite);
}

/** What a cell's tooltip (and a screen reader) says: its band's label, or 'Score: x.xx'. */
export function heatmapCellLabel(cell: HeatmapCell): string {
  const band = heatmapCellBand(cell);
  return band === CONFLICT_BAND || band === NOT_ASSIGNED_BAND
    ? band.label
    : heatmapCellTooltip(cell.composite);
}

/**
 * The legend of these rows: SPEC.md's five entries, then 'Not assigned' and 'Conflict of
 * interest' only when some cell is one (never in the default open review mode).
 */
export function heatmapLegendOf(rows: HeatmapRow[]): HeatmapBand[] {
  // Scanned in place: at 1,000 reviewers a flattened copy would be 50,000 cells.
  const anyCell = (test: (cell: HeatmapRow['opportunities'][number]) => boolean) =>
    rows.some((row) => row.opportunities.some(test));
  return [
    ...HEATMAP_LEGEND,
    ...(anyCell((cell) => !cell.conflict && !!cell.unassigned) ? [NOT_ASSIGNED_BAND] : []),
    ...(anyCell((cell) => !!cell.conflict) ? [CONFLICT_BAND] : []),
  ];
}

/** The heatmap's columns ('#number'), taken from the first row (every row has the same cells). */
export function heatmapColumns(rows: HeatmapRow[]) {
  return (rows[0]?.opportunities ?? []).map((cell) => ({
    id: cell.opportunityId,
    label: `#${cell.opportunityNumber}`,
  }));
}

/** True when at least one reviewer has scored at least one published opportunity. */
export function hasHeatmapData(rows: HeatmapRow[]): boolean {
  return rows.some((row) => row.opportunities.some((cell) => cell.composite !== null));
}
