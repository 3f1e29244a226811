import { afterEach, beforeAll, beforeEach, vi } from 'vitest';

/**
 * For a test file of the exports page: loads the page's lazy chunk once up front (so that the
 * first test does not wait for it), and records each download the page starts instead of letting
 * the browser save it: `saved` (the link's file name and address) and `blobs` (what it holds),
 * emptied before every test.
 */
export function captureDownloads() {
  const saved: { download: string; href: string }[] = [];
  const blobs: Blob[] = [];

  beforeAll(async () => {
    await import('@web/app/routes/admin/exports-page');
  }, 30_000);

  beforeEach(() => {
    saved.length = 0;
    blobs.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ download: this.download, href: this.href });
    });
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:assay/${blobs.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  return { saved, blobs };
}
