import { describe, expect, it } from 'vitest';
import { heatmapRow } from '../test/analytics-fixtures';
import {
  HEATMAP_LEGEND,
  hasHeatmapData,
  heatmapBandOf,
  heatmapCellText,
  heatmapCellTooltip,
  heatmapColumns,
} from './heatmap-bands';

describe('heatmap bands', () => {
  it('puts a composite >= 4, >= 3, >= 2 or lower into its band', () => {
    expect(heatmapBandOf(5).id).toBe('4-5');
    expect(heatmapBandOf(4).id).toBe('4-5');
    expect(heatmapBandOf(3.9999).id).toBe('3-4');
    expect(heatmapBandOf(3).id).toBe('3-4');
    expect(heatmapBandOf(2.9).id).toBe('2-3');
    expect(heatmapBandOf(2).id).toBe('2-3');
    expect(heatmapBandOf(1.99).id).toBe('1-2');
    expect(heatmapBandOf(1).id).toBe('1-2');
    expect(heatmapBandOf(null).id).toBe('none');
  });

  it('gives every band its own colours', () => {
    const classes = new Set([5, 3.5, 2.5, 1.5, null].map((c) => heatmapBandOf(c).className));
    expect(classes.size).toBe(5);
  });

  it('lists the legend as 1-2, 2-3, 3-4, 4-5, Not reviewed', () => {
    expect(HEATMAP_LEGEND.map((band) => band.label)).toEqual([
      '1-2',
      '2-3',
      '3-4',
      '4-5',
      'Not reviewed',
    ]);
  });

  it("shows the composite to 1 decimal or '-', with 'Score: x.xx' or 'Not reviewed' tooltips", () => {
    expect(heatmapCellText(4.25)).toBe('4.3');
    expect(heatmapCellText(3)).toBe('3.0');
    expect(heatmapCellText(null)).toBe('-');
    expect(heatmapCellTooltip(4.2)).toBe('Score: 4.20');
    expect(heatmapCellTooltip(3.6667)).toBe('Score: 3.67');
    expect(heatmapCellTooltip(null)).toBe('Not reviewed');
  });

  it("names the columns '#number' and has data only once something was scored", () => {
    const rows = [heatmapRow('Ann', [null, null]), heatmapRow('Bob', [null, null])];
    expect(heatmapColumns(rows).map((column) => column.label)).toEqual(['#1', '#2']);
    expect(hasHeatmapData(rows)).toBe(false);
    expect(hasHeatmapData([])).toBe(false);
    expect(hasHeatmapData([...rows, heatmapRow('Cy', [null, 2])])).toBe(true);
  });
});
