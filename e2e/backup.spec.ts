import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { admin, expect, expectAccessible, signInThroughApi, test } from './support/fixtures';

type Manifest = {
  format: string;
  schemaVersion: { tag: string };
  tables: Array<{ name: string; rows: number }>;
  excluded: string[];
};

/** The archive's manifest, after checking its trailer's SHA-256 against the bytes before it. */
function checkedManifest(archive: Buffer): Manifest {
  const text = gunzipSync(archive);
  const lastLine = text.lastIndexOf('\n', text.length - 2) + 1;
  const trailer = JSON.parse(text.subarray(lastLine).toString('utf8'));
  expect(trailer.end).toBe('assay-backup');
  expect(createHash('sha256').update(text.subarray(0, lastLine)).digest('hex')).toBe(
    trailer.sha256,
  );
  return JSON.parse(text.subarray(0, text.indexOf('\n')).toString('utf8'));
}

/** `node dist/server/backup.js FILE` on the DATA_DIR of the running e2e server. */
function backUpFromTheCommandLine(file: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['dist/server/backup.js', file], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

test('the admin downloads a full backup, and the command line backs up the running app alike', async ({
  page,
}) => {
  await signInThroughApi(page, admin);
  await page.goto('/admin/exports');
  const card = page.getByTestId('backup-card');
  await expect(card.getByRole('heading', { name: 'Database Backup' })).toBeVisible();
  await expectAccessible(page);

  const downloaded = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Full backup' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^assay_backup_\d{4}-\d{2}-\d{2}_\d{6}\.jsonl\.gz$/);
  await expect(page.getByText('Backup Complete', { exact: true })).toBeVisible();
  await expect(
    page.getByText(`Saved as ${download.suggestedFilename()}`, { exact: true }),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: 'Full backup' })).toBeEnabled();

  const fromBrowser = checkedManifest(fs.readFileSync(await download.path()));
  expect(fromBrowser.format).toBe('assay-backup');
  expect(fromBrowser.excluded).toEqual(['session']);
  const names = fromBrowser.tables.map((table) => table.name);
  expect(names).toEqual(expect.arrayContaining(['users', 'opportunities', 'images', 'audit_logs']));
  expect(names).not.toContain('session');
  expect(fromBrowser.tables.find((table) => table.name === 'users')!.rows).toBeGreaterThan(0);

  // The app holds DATA_DIR; the command line reads its database through the app's socket.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-backup-'));
  try {
    const file = path.join(folder, 'cli.jsonl.gz');
    const cli = await backUpFromTheCommandLine(file);
    expect(cli.output).toContain("from the running app's embedded PostgreSQL");
    expect(cli.code).toBe(0);
    const fromCli = checkedManifest(fs.readFileSync(file));
    expect(fromCli.schemaVersion).toEqual(fromBrowser.schemaVersion);
    expect(fromCli.tables.map((table) => table.name)).toEqual(names);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
