import { describe, expect, it } from 'vitest';
import { exportProgressText, formatBytes, percentOf } from './export-progress';

describe('export progress', () => {
  it('formats bytes in binary multiples with at most one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('gives a whole, capped percentage only against a known total', () => {
    expect(percentOf({ received: 1, total: 3 })).toBe(33);
    expect(percentOf({ received: 5000, total: 4096 })).toBe(100);
    expect(percentOf({ received: 10, total: null })).toBeNull();
    expect(percentOf({ received: 10, total: 0 })).toBeNull();
  });

  it('reads as bytes received, or bytes of the total with the percentage', () => {
    expect(exportProgressText({ received: 1.2 * 1024 * 1024, total: null })).toBe(
      '1.2 MB received',
    );
    expect(exportProgressText({ received: 1024, total: 4096 })).toBe('1 KB of 4 KB (25%)');
  });
});
