import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../test/capture-downloads';

type BackupAnswer = { status: number; statusText?: string; body: BodyInit; headers?: HeadersInit };

/** The session as usual, and GET /api/admin/backup answered by `answer` (calls recorded). */
function stubBackup(answer: () => BackupAnswer) {
  stubSession(adminUser);
  const sessionFetch = globalThis.fetch;
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url !== '/api/admin/backup') return sessionFetch(input, init);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const { body, ...rest } = answer();
    return new Response(body, { ...rest, statusText: rest.statusText ?? '' });
  });
  return calls;
}

/** A body whose chunks the test sends one at a time, as a large backup arrives. */
function heldStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    stream,
    send: (bytes: number) => controller.enqueue(new Uint8Array(bytes).fill(31)),
    end: () => controller.close(),
    fail: (error: Error) => controller.error(error),
  };
}

const ARCHIVE_HEADERS = {
  'Content-Type': 'application/gzip',
  'Content-Disposition': 'attachment; filename="assay_backup_2026-11-25_154000.jsonl.gz"',
};

const { saved, blobs } = captureDownloads();

async function startBackup() {
  renderApp('/admin/exports');
  const card = await screen.findByTestId('backup-card');
  expect(within(card).getByRole('heading', { name: 'Database Backup' })).toBeVisible();
  expect(within(card).getByText(/images included, in one archive that/)).toBeVisible();
  await userEvent.setup().click(within(card).getByRole('button', { name: 'Full backup' }));
  return card;
}

describe('the full backup on the exports page', () => {
  it("reads 'Backing up...' with the bytes received, then saves the archive under the server's name", async () => {
    const body = heldStream();
    const calls = stubBackup(() => ({ status: 200, body: body.stream, headers: ARCHIVE_HEADERS }));
    const card = await startBackup();
    expect(await within(card).findByRole('button', { name: 'Backing up...' })).toBeDisabled();
    body.send(700 * 1024);
    expect(await within(card).findByText('700 KB received')).toBeVisible();
    body.send(2 * 1024 * 1024);
    expect(await within(card).findByText('2.7 MB received')).toBeVisible();
    // The CSV exports stay available meanwhile.
    expect(
      within(screen.getByTestId('export-reviews')).getByRole('button', { name: 'Download CSV' }),
    ).toBeEnabled();
    body.end();
    expect(await screen.findByText('Backup Complete')).toBeVisible();
    expect(screen.getByText('Saved as assay_backup_2026-11-25_154000.jsonl.gz')).toBeVisible();
    expect(await within(card).findByRole('button', { name: 'Full backup' })).toBeEnabled();
    expect(within(card).queryByTestId('backup-progress')).toBeNull();
    expect(calls).toEqual(['GET /api/admin/backup']);
    expect(saved).toEqual([
      { download: 'assay_backup_2026-11-25_154000.jsonl.gz', href: 'blob:assay/1' },
    ]);
    expect(blobs[0]!.size).toBe(700 * 1024 + 2 * 1024 * 1024);
    expect(blobs[0]!.type).toBe('application/gzip');
  });

  it('falls back to a dated name without a Content-Disposition name', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T10:05:06Z'));
    stubBackup(() => ({
      status: 200,
      body: new Uint8Array(10),
      headers: { 'Content-Type': 'application/gzip' },
    }));
    await startBackup();
    expect(await screen.findByText('Backup Complete')).toBeVisible();
    expect(saved.map((entry) => entry.download)).toEqual([
      'assay_backup_2026-03-04_100506.jsonl.gz',
    ]);
    vi.useRealTimers();
  });

  it("toasts 'Backup Failed' with the status text and saves nothing when refused", async () => {
    stubBackup(() => ({
      status: 403,
      statusText: 'Forbidden',
      body: '{"message":"Admin access required"}',
    }));
    const card = await startBackup();
    expect(await screen.findByText('Backup Failed')).toBeVisible();
    expect(screen.getByText('Backup failed: Forbidden')).toBeVisible();
    expect(await within(card).findByRole('button', { name: 'Full backup' })).toBeEnabled();
    expect(saved).toEqual([]);
  });

  it('saves nothing when the download breaks off half-way', async () => {
    const body = heldStream();
    stubBackup(() => ({ status: 200, body: body.stream, headers: ARCHIVE_HEADERS }));
    const card = await startBackup();
    body.send(1024);
    expect(await within(card).findByText('1 KB received')).toBeVisible();
    body.fail(new TypeError('network error'));
    expect(await screen.findByText('Backup failed: network error')).toBeVisible();
    expect(await within(card).findByRole('button', { name: 'Full backup' })).toBeEnabled();
    expect(within(card).queryByTestId('backup-progress')).toBeNull();
    expect(saved).toEqual([]);
  });
});
