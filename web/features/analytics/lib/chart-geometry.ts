/**
 * The arithmetic of the analytics charts (decision 0020): where a value, a category and a bar go
 * on the screen, which ticks an axis shows, and the path of the trend line. Pure, so that every
 * position the charts draw can be checked against a worked example.
 */

/** Maps `domain` linearly onto `range` (a range may run backwards, as a y axis does). */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
) {
  const span = d1 - d0;
  return (value: number) => (span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0));
}

/**
 * `count` equal categories side by side from `start` to `end`: where category `index` begins, its
 * width and its centre.
 */
export function categoryBands(count: number, start: number, end: number) {
  const width = count > 0 ? (end - start) / count : 0;
  return {
    width,
    start: (index: number) => start + index * width,
    centre: (index: number) => start + (index + 0.5) * width,
    /** The category under `x`, or null outside the bands. */
    indexAt: (x: number) => {
      if (count === 0 || x < start || x >= end) return null;
      return Math.min(count - 1, Math.floor((x - start) / width));
    },
  };
}

/** The gap kept clear on each side of a category's bars, as a share of the category's width. */
export const BAR_CATEGORY_GAP = 0.1;
/** Pixels between two bars of one category. */
export const BAR_GAP = 4;

/**
 * The x offset (from the category's start) and the width of each of `bars` bars drawn side by
 * side in a category `width` wide: 10% clear on each side, 4 px between bars (recharts' defaults,
 * which the charts had before), never narrower than 1 px.
 */
export function groupedBars(width: number, bars: number) {
  const gap = width * BAR_CATEGORY_GAP;
  const barWidth = Math.max(1, (width - 2 * gap - (bars - 1) * BAR_GAP) / bars);
  return Array.from({ length: bars }, (_, index) => ({
    offset: gap + index * (barWidth + BAR_GAP),
    width: barWidth,
  }));
}

/**
 * Whole-number ticks from 0 covering `max` in at most about five steps of 1, 2 or 5 times a power
 * of ten (a count axis: reviews). The last tick is the axis' top.
 */
export function countTicks(max: number): number[] {
  const top = Math.max(1, Math.ceil(max));
  const rough = top / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? power);
  const ticks = [];
  for (let tick = 0; tick < top + step; tick += step) ticks.push(tick);
  return ticks;
}

/**
 * The SVG path of a bar from `baseline` up to `top` with the two top corners rounded by `radius`
 * (at most half the bar's width or its height).
 */
export function roundedTopBar(
  { x, width, top, baseline }: { x: number; width: number; top: number; baseline: number },
  radius = 2,
) {
  const r = Math.max(0, Math.min(radius, width / 2, baseline - top));
  const right = x + width;
  return (
    `M${x},${baseline}V${top + r}` +
    (r > 0 ? `A${r},${r} 0 0 1 ${x + r},${top}` : '') +
    `H${right - r}` +
    (r > 0 ? `A${r},${r} 0 0 1 ${right},${top + r}` : '') +
    `V${baseline}Z`
  );
}

type Point = { x: number; y: number };

/**
 * A smooth line through `points` (in increasing x) that never overshoots between two of them: the
 * monotone cubic interpolation of Fritsch and Carlson as d3's curveMonotoneX draws it (what the
 * trend line was drawn with before), written as one cubic Bezier segment per pair of points.
 */
export function monotonePath(points: Point[]): string {
  const n = points.length;
  if (n === 0) return '';
  const first = points[0]!;
  if (n === 1) return `M${first.x},${first.y}`;
  const secant = (i: number) =>
    (points[i + 1]!.y - points[i]!.y) / (points[i + 1]!.x - points[i]!.x);
  // Two points: a straight line, as d3 draws it.
  if (n === 2) return `M${first.x},${first.y}L${points[1]!.x},${points[1]!.y}`;
  const slopes: number[] = new Array(n).fill(0);
  // Interior points: a weighted harmonic mean of the neighbouring secants, 0 at an extremum.
  for (let i = 1; i < n - 1; i++) {
    const h0 = points[i]!.x - points[i - 1]!.x;
    const h1 = points[i + 1]!.x - points[i]!.x;
    const s0 = secant(i - 1);
    const s1 = secant(i);
    const p = (s0 * h1 + s1 * h0) / (h0 + h1);
    slopes[i] =
      (Math.sign(s0) + Math.sign(s1)) * Math.min(Math.abs(s0), Math.abs(s1), 0.5 * Math.abs(p)) ||
      0;
  }
  // End points: one-sided, from the end segment's secant and the inner point's slope.
  slopes[0] = (3 * secant(0) - slopes[1]!) / 2;
  slopes[n - 1] = (3 * secant(n - 2) - slopes[n - 2]!) / 2;
  let path = `M${first.x},${first.y}`;
  for (let i = 0; i < n - 1; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const dx = (b.x - a.x) / 3;
    path += `C${a.x + dx},${a.y + dx * slopes[i]!},${b.x - dx},${b.y - dx * slopes[i + 1]!},${b.x},${b.y}`;
  }
  return path;
}
