import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, stubSession } from '@web/test/fake-server';
import { renderApp } from '@web/test/render-app';
import { describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../test/capture-downloads';

type ExportAnswer = {
  status: number;
  statusText?: string;
  body: string | ReadableStream<Uint8Array>;
  headers?: HeadersInit;
};

/**
 * The session as usual, plus the export calls answered with CSV bodies and headers (the shared
 * fake server only speaks JSON). `hold` keeps an answer pending until released.
 */
function stubExports(answerFor: (type: string) => ExportAnswer | Promise<ExportAnswer>) {
  stubSession(adminUser);
  const sessionFetch = globalThis.fetch;
  const exportCalls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const match = /^\/api\/admin\/export\/(\w+)$/.exec(url);
    if (!match) return sessionFetch(input, init);
    exportCalls.push(url);
    const answer = await answerFor(match[1]!);
    return new Response(answer.body, {
      status: answer.status,
      statusText: answer.statusText ?? '',
      headers: answer.headers,
    });
  });
  return exportCalls;
}

const { saved, blobs } = captureDownloads();

async function openExports() {
  renderApp('/admin/exports');
  expect(await screen.findByRole('heading', { name: 'Data Exports' })).toBeVisible();
}

const csvAnswer = (filename: string): ExportAnswer => ({
  status: 200,
  body: '\uFEFFnumber,title\r\n1,Heat pumps\r\n',
  headers: {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
  },
});

describe('exports page', () => {
  it('shows the five export cards and the guidelines', async () => {
    stubExports(() => csvAnswer('x.csv'));
    await openExports();
    expect(screen.getByText('Download CSV exports for analysis and reporting')).toBeVisible();
    for (const [type, title, description] of [
      ['opportunities', 'Opportunities', 'All opportunities with metadata, status and tags'],
      ['reviews', 'Reviews', 'All reviews with scores, composites and reviewer information'],
      ['comments', 'Comments', 'All structured comments'],
      [
        'audit',
        'Audit Log',
        'Every administrative change and sign-in, with who, when and what changed',
      ],
      [
        'results',
        'Results',
        'Raw and calibrated composites, ranks with their intervals, and discussion flags',
      ],
    ] as const) {
      const card = screen.getByTestId(`export-${type}`);
      expect(within(card).getByRole('heading', { name: title })).toBeVisible();
      expect(within(card).getByText(description)).toBeVisible();
      expect(within(card).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    }
    expect(screen.getByRole('heading', { name: 'Export Guidelines' })).toBeVisible();
    const guidelines = screen
      .getAllByRole('listitem')
      .map((item) => item.textContent)
      .join('\n');
    expect(guidelines).toMatch(/any spreadsheet/);
    expect(guidelines).toMatch(/include a header row/);
    expect(guidelines).toMatch(
      /weighted composites: Market Pull 35%, Feasibility 25%, Viability 25%, Acceptability 15%/,
    );
    expect(guidelines).toMatch(/plain-mean composite/);
    expect(guidelines).toMatch(/four structured comment fields/);
    expect(guidelines).toMatch(/status, tags and creation dates/);
    expect(guidelines).toMatch(/results export .* calibrated rank .* 90% interval/);
  });

  it("reads 'Exporting...' while running, saves under the server's name and toasts", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = stubExports(async (type) => {
      await held;
      return csvAnswer(`${type}_export_2026-01-31.csv`);
    });
    await openExports();
    const card = screen.getByTestId('export-reviews');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Download CSV' }));

    const running = await within(card).findByRole('button', { name: 'Exporting...' });
    expect(running).toBeDisabled();
    // The other cards stay available.
    expect(
      within(screen.getByTestId('export-comments')).getByRole('button', { name: 'Download CSV' }),
    ).toBeEnabled();

    release();
    expect(await screen.findByText('Export Complete')).toBeVisible();
    expect(screen.getByText('Reviews data exported successfully')).toBeVisible();
    expect(await within(card).findByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(calls).toEqual(['/api/admin/export/reviews']);
    expect(saved).toEqual([{ download: 'reviews_export_2026-01-31.csv', href: 'blob:assay/1' }]);
    expect(await blobs[0]!.text()).toContain('number,title\r\n1,Heat pumps');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("falls back to '{type}_export_{YYYY-MM-DD}.csv' without a Content-Disposition name", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T10:00:00Z'));
    stubExports(() => ({
      status: 200,
      body: 'number\r\n',
      headers: { 'Content-Type': 'text/csv' },
    }));
    await openExports();
    const card = screen.getByTestId('export-opportunities');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Opportunities data exported successfully')).toBeVisible();
    expect(saved.map((s) => s.download)).toEqual(['opportunities_export_2026-03-04.csv']);
  });

  it("toasts 'Export Failed' with the status text and saves nothing when the call fails", async () => {
    stubExports(() => ({
      status: 500,
      statusText: 'Internal Server Error',
      body: '{"message":"Internal Server Error"}',
    }));
    await openExports();
    const card = screen.getByTestId('export-comments');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Export Failed')).toBeVisible();
    expect(screen.getByText('Export failed: Internal Server Error')).toBeVisible();
    expect(await within(card).findByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(saved).toEqual([]);
  });

  describe('progress of a streamed body', () => {
    /** A body whose chunks the test sends one at a time, as a slow large export arrives. */
    function heldStream() {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      return {
        stream,
        send: (bytes: number) => controller.enqueue(new Uint8Array(bytes).fill(65)),
        end: () => controller.close(),
        fail: (error: Error) => controller.error(error),
      };
    }

    const streamedAnswer = (stream: ReadableStream<Uint8Array>, length?: number) => ({
      status: 200,
      body: stream,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="reviews_export_2026-01-31.csv"',
        ...(length === undefined ? {} : { 'Content-Length': String(length) }),
      },
    });

    async function startExport(type: string) {
      await openExports();
      const card = screen.getByTestId(`export-${type}`);
      await userEvent.setup().click(within(card).getByRole('button', { name: 'Download CSV' }));
      // SPEC.md's button text stays while the bytes are counted beneath it.
      expect(await within(card).findByRole('button', { name: 'Exporting...' })).toBeDisabled();
      return card;
    }

    it('counts the bytes received, then saves them all under the server’s name', async () => {
      const body = heldStream();
      stubExports(() => streamedAnswer(body.stream));
      const card = await startExport('reviews');
      body.send(700 * 1024);
      expect(await within(card).findByText('700 KB received')).toBeVisible();
      body.send(560 * 1024);
      expect(await within(card).findByText('1.2 MB received')).toBeVisible();
      // Without a length there is no bar: nothing to measure against.
      expect(within(card).queryByRole('progressbar')).toBeNull();
      body.end();
      expect(await screen.findByText('Export Complete')).toBeVisible();
      expect(await within(card).findByRole('button', { name: 'Download CSV' })).toBeEnabled();
      expect(within(card).queryByTestId('export-progress')).toBeNull();
      expect(saved).toEqual([{ download: 'reviews_export_2026-01-31.csv', href: 'blob:assay/1' }]);
      expect(blobs[0]!.size).toBe(1260 * 1024);
      expect(blobs[0]!.type).toBe('text/csv; charset=utf-8');
    });

    it('shows a percentage and a bar when the server sends Content-Length', async () => {
      const body = heldStream();
      stubExports(() => streamedAnswer(body.stream, 4096));
      const card = await startExport('comments');
      body.send(1024);
      expect(await within(card).findByText('1 KB of 4 KB (25%)')).toBeVisible();
      const bar = within(card).getByRole('progressbar', { name: 'Export progress' });
      expect(bar).toHaveAttribute('aria-valuenow', '25');
      body.send(2048);
      expect(await within(card).findByText('3 KB of 4 KB (75%)')).toBeVisible();
      expect(bar).toHaveAttribute('aria-valuenow', '75');
      body.send(1024);
      body.end();
      expect(await screen.findByText('Comments data exported successfully')).toBeVisible();
      expect(blobs[0]!.size).toBe(4096);
    });

    it("toasts 'Export Failed' and saves nothing when the body breaks off", async () => {
      const body = heldStream();
      stubExports(() => streamedAnswer(body.stream, 4096));
      const card = await startExport('opportunities');
      body.send(1024);
      expect(await within(card).findByText('1 KB of 4 KB (25%)')).toBeVisible();
      body.fail(new TypeError('network error'));
      expect(await screen.findByText('Export Failed')).toBeVisible();
      expect(screen.getByText('Export failed: network error')).toBeVisible();
      expect(await within(card).findByRole('button', { name: 'Download CSV' })).toBeEnabled();
      expect(within(card).queryByTestId('export-progress')).toBeNull();
      expect(saved).toEqual([]);
    });
  });
});
