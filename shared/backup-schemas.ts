/**
 * The full backup an admin downloads at GET /api/admin/backup and `npm run backup` writes: one
 * gzip'd archive of the whole database (docs/decisions/0016-backup-and-restore.md).
 */
export const BACKUP_CONTENT_TYPE = 'application/gzip';

/** 'assay_backup_{YYYY-MM-DD}_{HHMMSS}.jsonl.gz' in UTC: what the archive is, and when it was taken. */
export function backupFileNameFor(at: Date): string {
  const iso = at.toISOString();
  return `assay_backup_${iso.slice(0, 10)}_${iso.slice(11, 19).replaceAll(':', '')}.jsonl.gz`;
}
