import { type ExportType, exportFileNameFor } from '@shared/export-schemas';
import { ApiError, apiRequest } from '@web/lib/api-client';

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
 * Downloads one CSV export under the server's file name (falling back to
 * '{type}_export_{YYYY-MM-DD}.csv'); resolves to the name it was saved as.
 */
export async function downloadExport(type: ExportType): Promise<string> {
  const res = await apiRequest('GET', `/api/admin/export/${type}`);
  const blob = await res.blob();
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
