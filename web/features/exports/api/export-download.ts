import { type ExportType, exportFileNameFor } from '@shared/export-files';
import { ApiError, apiRequest } from '@web/lib/api-client';
import type { ExportProgress } from '../lib/export-progress';

/**
 * The file name of a Content-Disposition header: RFC 6266's `filename*` (UTF-8, percent-encoded)
 * wins over `filename` (quoted or a bare token); null when the header names none. Any folder part
 * is dropped, since the name only labels the saved file.
 */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | null = null;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;\s]+))/.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2] ?? null) : null;
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : null;
}

/** Saves a blob under `filename` through a temporary object URL and a download link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers still read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The body's length from Content-Length, or null when unknown. A compressed body's length
 * counts compressed bytes while the reader yields decoded ones, so it is no total then.
 */
export function bodyLengthOf(headers: Headers): number | null {
  const encoding = headers.get('Content-Encoding');
  if (encoding && encoding.trim().toLowerCase() !== 'identity') return null;
  const length = headers.get('Content-Length')?.trim();
  return length && /^\d+$/.test(length) ? Number(length) : null;
}

/**
 * Reads a response body chunk by chunk, telling `onProgress` the bytes received so far, and
 * answers it as a Blob of the response's type. A stream that breaks off rejects, as blob() does.
 */
export async function readBodyWithProgress(
  res: Response,
  onProgress: (progress: ExportProgress) => void,
): Promise<Blob> {
  const reader = res.body?.getReader();
  if (!reader) return res.blob();
  const total = bodyLengthOf(res.headers);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return new Blob(chunks, { type: res.headers.get('Content-Type') ?? '' });
}

/**
 * Downloads one CSV export under the server's file name (falling back to
 * '{type}_export_{YYYY-MM-DD}.csv'), reporting the bytes received as they arrive; resolves to
 * the name it was saved as.
 */
export async function downloadExport(
  type: ExportType,
  onProgress: (progress: ExportProgress) => void = () => {},
): Promise<string> {
  const res = await apiRequest('GET', `/api/admin/export/${type}`);
  const blob = await readBodyWithProgress(res, onProgress);
  const filename =
    filenameFromContentDisposition(res.headers.get('Content-Disposition')) ??
    exportFileNameFor(type, new Date());
  saveBlob(blob, filename);
  return filename;
}

/** 'Export failed: {status text}' (SPEC.md section 8), or the error itself when no answer came. */
export function exportFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return `Export failed: ${error.statusText || error.status}`;
  return `Export failed: ${error instanceof Error ? error.message : 'Unknown error'}`;
}
