import type { ExportType } from '@shared/export-files';
import { useMutation } from '@tanstack/react-query';
import { Button, type ButtonVariant } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { cn } from '@web/lib/cn';
import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import { downloadExport, exportFailureMessage } from '../api/export-download';
import type { ExportProgress } from '../lib/export-progress';
import { DownloadProgress } from './download-progress';

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
      {download.isPending && progress ? (
        <DownloadProgress progress={progress} label="Export progress" testId="export-progress" />
      ) : null}
    </div>
  );
}
