import { backupFileNameFor } from '@shared/backup-schemas';
import { ApiError, apiRequest } from '@web/lib/api-client';
import type { ExportProgress } from '../lib/export-progress';
import { filenameFromContentDisposition, readBodyWithProgress, saveBlob } from './export-download';

/**
 * Downloads the full backup under the server's file name (falling back to
 * 'assay_backup_{YYYY-MM-DD}_{HHMMSS}.jsonl.gz'), reporting the bytes received as they arrive;
 * resolves to the name it was saved as. The archive is saved as it came: gzip, not unpacked.
 */
export async function downloadBackup(
  onProgress: (progress: ExportProgress) => void = () => {},
): Promise<string> {
  const res = await apiRequest('GET', '/api/admin/backup');
  const blob = await readBodyWithProgress(res, onProgress);
  const filename =
    filenameFromContentDisposition(res.headers.get('Content-Disposition')) ??
    backupFileNameFor(new Date());
  saveBlob(blob, filename);
  return filename;
}

/** 'Backup failed: {status text}', or the error itself when no answer came (a cut download). */
export function backupFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return `Backup failed: ${error.statusText || error.status}`;
  return `Backup failed: ${error instanceof Error ? error.message : 'Unknown error'}`;
}
