import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './seeded-random';

describe('seeded random', () => {
  it('repeats its sequence for a seed, and fill gives the same numbers as next', () => {
    const a = createSeededRandom(42);
    const b = createSeededRandom(42);
    const filled = new Float64Array(1000);
    b.fill(filled);
    expect(Array.from({ length: 1000 }, () => a.next())).toEqual(Array.from(filled));
    expect(a.next()).toBe(b.next());
    expect(createSeededRandom(43).next()).not.toBe(createSeededRandom(42).next());
  });

  it('draws uniforms in [0, 1) and standard normals', () => {
    const random = createSeededRandom(7);
    const uniforms = Array.from({ length: 20_000 }, () => random.next());
    expect(Math.min(...uniforms)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...uniforms)).toBeLessThan(1);
    expect(uniforms.reduce((s, u) => s + u, 0) / uniforms.length).toBeCloseTo(0.5, 2);
    const normals = Array.from({ length: 20_000 }, () => random.normal());
    const mean = normals.reduce((s, x) => s + x, 0) / normals.length;
    const variance = normals.reduce((s, x) => s + (x - mean) ** 2, 0) / normals.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });
});
