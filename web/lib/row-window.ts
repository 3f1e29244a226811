/**
 * Which rows of a long table are rendered (issue 17): those within reach of the viewport, in
 * blocks so that a scroll re-renders only when it crosses a block, plus a pinned row (the one
 * holding the focus) wherever it is. The rows between are stood in for by gaps of their height:
 * measured once a row has been rendered, estimated before.
 */

/** Rows are added and dropped this many at a time. */
export const ROW_BLOCK = 10;

export type RowRange = { start: number; end: number };

export type RowSegment =
  | { kind: 'rows'; from: number; to: number }
  | { kind: 'gap'; from: number; to: number; height: number };

/**
 * The rows [start, end) that overlap the band [top, bottom] (pixels from the first row's top),
 * widened to whole blocks; at least one block when there are rows.
 */
export function rowRange(
  count: number,
  heightOf: (index: number) => number,
  top: number,
  bottom: number,
): RowRange {
  let start = count;
  let end = count;
  let y = 0;
  for (let index = 0; index < count; index++) {
    if (y >= bottom) {
      end = index;
      break;
    }
    const rowBottom = y + heightOf(index);
    if (start === count && rowBottom > top) start = index;
    y = rowBottom;
  }
  if (start >= end) start = Math.max(0, Math.min(start, end) - 1);
  const blockStart = Math.floor(start / ROW_BLOCK) * ROW_BLOCK;
  const blockEnd = Math.min(
    count,
    Math.ceil(Math.max(end, blockStart + 1) / ROW_BLOCK) * ROW_BLOCK,
  );
  return { start: blockStart, end: blockEnd };
}

/**
 * The table body in order: the rendered runs of rows and the gaps between them (with their
 * height). `pinned` (a row index or null) is rendered even when it lies outside `range`.
 */
export function rowSegments(
  count: number,
  heightOf: (index: number) => number,
  range: RowRange,
  pinned: number | null,
): RowSegment[] {
  const runs: { from: number; to: number }[] = [];
  if (range.end > range.start) runs.push({ from: range.start, to: range.end });
  if (pinned !== null && pinned >= 0 && pinned < count) {
    if (pinned < range.start) runs.unshift({ from: pinned, to: pinned + 1 });
    else if (pinned >= range.end) runs.push({ from: pinned, to: pinned + 1 });
  }
  const segments: RowSegment[] = [];
  let next = 0;
  const gapTo = (to: number) => {
    if (to <= next) return;
    let height = 0;
    for (let index = next; index < to; index++) height += heightOf(index);
    segments.push({ kind: 'gap', from: next, to, height });
  };
  for (const run of runs) {
    gapTo(run.from);
    segments.push({ kind: 'rows', from: run.from, to: run.to });
    next = run.to;
  }
  gapTo(count);
  return segments;
}
