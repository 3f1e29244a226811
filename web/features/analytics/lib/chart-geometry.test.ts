import { describe, expect, it } from 'vitest';
import {
  categoryBands,
  countTicks,
  groupedBars,
  linearScale,
  monotonePath,
  roundedTopBar,
} from './chart-geometry';

/** The numbers of an SVG path, in order. */
const numbersOf = (path: string) => (path.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number);

/** The point at `t` of the cubic Bezier from p0 to p3 with control points p1 and p2. */
function bezierAt(t: number, [p0, p1, p2, p3]: number[][]) {
  const u = 1 - t;
  return [0, 1].map(
    (axis) =>
      u * u * u * p0![axis]! +
      3 * u * u * t * p1![axis]! +
      3 * u * t * t * p2![axis]! +
      t * t * t * p3![axis]!,
  );
}

/** The Bezier segments of a monotonePath: [start, control, control, end] each. */
function segmentsOf(path: string) {
  const numbers = numbersOf(path);
  const segments: number[][][] = [];
  let start = [numbers[0]!, numbers[1]!];
  for (let i = 2; i + 6 <= numbers.length; i += 6) {
    const [c1x, c1y, c2x, c2y, x, y] = numbers.slice(i, i + 6) as number[];
    segments.push([start, [c1x!, c1y!], [c2x!, c2y!], [x!, y!]]);
    start = [x!, y!];
  }
  return segments;
}

describe('chart geometry', () => {
  it('maps a score onto a y axis drawn downwards', () => {
    // 0-5 onto 200 (bottom) .. 0 (top): 1 point is 40 px.
    const y = linearScale([0, 5], [200, 0]);
    expect([0, 1, 2.5, 5].map(y)).toEqual([200, 160, 100, 0]);
  });

  it('splits the plot into equal categories and finds the one under the pointer', () => {
    const bands = categoryBands(4, 50, 450);
    expect(bands.width).toBe(100);
    expect([0, 3].map(bands.start)).toEqual([50, 350]);
    expect([0, 3].map(bands.centre)).toEqual([100, 400]);
    expect([49, 50, 149.9, 150, 449, 450].map(bands.indexAt)).toEqual([null, 0, 0, 1, 3, null]);
    expect(categoryBands(0, 0, 100).indexAt(10)).toBeNull();
  });

  it('places grouped bars with 10% clear on each side and 4 px between them', () => {
    // 100 px, 5 bars: 10 px each side, 4 x 4 px of gaps, (100 - 20 - 16) / 5 = 12.8 px a bar.
    const bars = groupedBars(100, 5);
    for (const bar of bars) expect(bar.width).toBeCloseTo(12.8, 10);
    for (const [index, offset] of [10, 26.8, 43.6, 60.4, 77.2].entries()) {
      expect(bars[index]!.offset).toBeCloseTo(offset, 10);
    }
    expect(bars.at(-1)!.offset + bars.at(-1)!.width).toBeCloseTo(90);
    expect(groupedBars(10, 5).every((bar) => bar.width === 1)).toBe(true);
  });

  it('counts in steps of 1, 2 or 5 times a power of ten up past the largest count', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(50)).toEqual([0, 20, 40, 60]);
    expect(countTicks(1000)).toEqual([0, 500, 1000]);
  });

  it('rounds only the top corners of a bar', () => {
    expect(roundedTopBar({ x: 10, width: 20, top: 40, baseline: 100 })).toBe(
      'M10,100V42A2,2 0 0 1 12,40H28A2,2 0 0 1 30,42V100Z',
    );
    // A bar 1 px tall cannot have a 2 px corner.
    expect(roundedTopBar({ x: 0, width: 10, top: 99, baseline: 100 })).toBe(
      'M0,100V100A1,1 0 0 1 1,99H9A1,1 0 0 1 10,100V100Z',
    );
  });

  it('draws the monotone curve of a worked example', () => {
    // (0,0) (1,1) (2,0): the middle point is a peak, so its slope is 0; the end slopes are
    // (3 x secant - inner slope) / 2 = +1.5 and -1.5; control points sit a third of the way.
    const numbers = numbersOf(
      monotonePath([
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 0 },
      ]),
    );
    const expected = [0, 0, 1 / 3, 0.5, 2 / 3, 1, 1, 1, 4 / 3, 1, 5 / 3, 0.5, 2, 0];
    expect(numbers).toHaveLength(expected.length);
    for (const [index, value] of numbers.entries()) {
      expect(value).toBeCloseTo(expected[index]!, 10);
    }
    expect(monotonePath([{ x: 0, y: 5 }])).toBe('M0,5');
    expect(monotonePath([])).toBe('');
    expect(
      monotonePath([
        { x: 0, y: 5 },
        { x: 10, y: 1 },
      ]),
    ).toBe('M0,5L10,1');
  });

  it('passes through every point and never overshoots between two of them', () => {
    // A known property of the interpolation, checked on pseudo-random scores.
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let run = 0; run < 20; run++) {
      const points = Array.from({ length: 12 }, (_, i) => ({ x: i * 48, y: random() * 200 }));
      const segments = segmentsOf(monotonePath(points));
      expect(segments).toHaveLength(points.length - 1);
      segments.forEach((segment, i) => {
        expect(segment[0]).toEqual([points[i]!.x, points[i]!.y]);
        expect(segment[3]).toEqual([points[i + 1]!.x, points[i + 1]!.y]);
        const low = Math.min(points[i]!.y, points[i + 1]!.y) - 1e-9;
        const high = Math.max(points[i]!.y, points[i + 1]!.y) + 1e-9;
        for (let t = 0; t <= 1; t += 0.05) {
          const [, y] = bezierAt(t, segment);
          expect(y).toBeGreaterThanOrEqual(low);
          expect(y).toBeLessThanOrEqual(high);
        }
      });
    }
  });
});
