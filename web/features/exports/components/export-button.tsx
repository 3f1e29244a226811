import type { ExportType } from '@shared/export-schemas';
import { useMutation } from '@tanstack/react-query';
import { Button, type ButtonVariant } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { cn } from '@web/lib/cn';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { downloadExport, exportFailureMessage } from '../api/export-download';
import { type ExportProgress, exportProgressText, percentOf } from '../lib/export-progress';

const capitalise = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/**
 * Downloads one CSV export, reading 'Exporting...' meanwhile (SPEC.md) with the bytes received
 * beneath it (and a bar when the server gave the length), and saying how it went in a toast.
 * The export cards use it, and a page may put it beside the data it exports.
 */
export function ExportButton({
  type,
  label = 'Download CSV',
  variant,
  className,
  describedBy,
}: {
  type: ExportType;
  label?: string;
  variant?: ButtonVariant;
  className?: string;
  describedBy?: string;
}) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const download = useMutation({
    mutationFn: () => {
      setProgress(null);
      return downloadExport(type, setProgress);
    },
    onSuccess: () =>
      toast({
        title: 'Export Complete',
        description: `${capitalise(type)} data exported successfully`,
      }),
    onError: (error) =>
      toast({
        title: 'Export Failed',
        description: exportFailureMessage(error),
        variant: 'destructive',
      }),
  });
  return (
    <div className={cn('min-w-0', className)}>
      <Button
        variant={variant}
        className="w-full"
        disabled={download.isPending}
        onClick={() => download.mutate()}
        aria-describedby={describedBy}
      >
        <Download aria-hidden="true" />
        {download.isPending ? 'Exporting...' : label}
      </Button>
      {download.isPending && progress ? <ExportProgressLine progress={progress} /> : null}
    </div>
  );
}

/** Beneath a running export's button: what has arrived, and how far along when that is known. */
function ExportProgressLine({ progress }: { progress: ExportProgress }) {
  const percent = percentOf(progress);
  return (
    <div className="mt-2 space-y-1" data-testid="export-progress">
      {percent === null ? null : (
        <div
          role="progressbar"
          aria-label="Export progress"
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
