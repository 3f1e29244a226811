import { type ExportProgress, exportProgressText, percentOf } from '../lib/export-progress';

/**
 * Beneath a running download's button: what has arrived, and a bar when the server gave the
 * length. The CSV exports and the full backup show it alike.
 */
export function DownloadProgress({
  progress,
  label,
  testId,
}: {
  progress: ExportProgress;
  /** The bar's accessible name, e.g. 'Export progress'. */
  label: string;
  testId: string;
}) {
  const percent = percentOf(progress);
  return (
    <div className="mt-2 space-y-1" data-testid={testId}>
      {percent === null ? null : (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
      )}
      <p className="text-center text-xs tabular-nums text-muted-foreground">
        {exportProgressText(progress)}
      </p>
    </div>
  );
}
