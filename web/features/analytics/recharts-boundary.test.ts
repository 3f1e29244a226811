import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * recharts is large, so it must reach the browser only with the analytics page (its lazy chunk):
 * only this feature imports it, and only the analytics route imports this feature.
 */
const webRoot = path.resolve('web');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(webRoot, file).split(path.sep).join('/');
const importers = (pattern: RegExp) =>
  sourceFiles(webRoot)
    .filter((file) => pattern.test(fs.readFileSync(file, 'utf8')))
    .map(relative)
    .sort();

describe('the recharts boundary', () => {
  it('keeps recharts imports inside the analytics feature', () => {
    const files = importers(/from\s+['"]recharts['"]|import\(\s*['"]recharts['"]\s*\)/);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !file.startsWith('features/analytics/'))).toEqual([]);
  });

  it('lets only the analytics route import the analytics feature', () => {
    expect(importers(/['"]@web\/features\/analytics\//)).toEqual([
      'app/routes/admin/analytics-page.tsx',
    ]);
  });
});
