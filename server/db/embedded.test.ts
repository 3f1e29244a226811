import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedBinariesDir, makeReachable } from './embedded';

const someoneElse = { uid: 987_654, gid: 987_654 };
const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('makeReachable', () => {
  it('adds search permission for others to private folders above the target, and only that', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-reach-'));
    made.push(root);
    const inner = path.join(root, 'private', 'data');
    fs.mkdirSync(inner, { recursive: true });
    fs.chmodSync(root, 0o700);
    fs.chmodSync(path.join(root, 'private'), 0o750);
    const notices: string[] = [];

    makeReachable(path.join(inner, 'not-created-yet'), someoneElse, (m) => notices.push(m));

    expect(fs.statSync(root).mode & 0o777).toBe(0o701);
    expect(fs.statSync(path.join(root, 'private')).mode & 0o777).toBe(0o751);
    expect(fs.statSync(inner).mode & 0o001).toBe(0o001);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(root);
  });

  it('changes nothing and says nothing when every folder is already searchable', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-reach-'));
    made.push(root);
    fs.chmodSync(root, 0o755);
    const notices: string[] = [];

    makeReachable(root, someoneElse, (m) => notices.push(m));

    expect(fs.statSync(root).mode & 0o777).toBe(0o755);
    expect(notices).toEqual([]);
  });
});

describe('embeddedBinariesDir', () => {
  it('finds the folder that holds initdb and postgres', () => {
    const dir = embeddedBinariesDir();
    expect(dir).toBeDefined();
    expect(fs.existsSync(path.join(dir!, 'initdb'))).toBe(true);
    expect(fs.existsSync(path.join(dir!, 'postgres'))).toBe(true);
  });
});
