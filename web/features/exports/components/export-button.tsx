import type { ExportType } from '@shared/export-schemas';
import { useMutation } from '@tanstack/react-query';
import { Button, type ButtonVariant } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { Download } from 'lucide-react';
import { downloadExport, exportFailureMessage } from '../api/export-download';

const capitalise = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/**
 * Downloads one CSV export, reading 'Exporting...' meanwhile and saying how it went in a toast.
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
  const download = useMutation({
    mutationFn: () => downloadExport(type),
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
    <Button
      variant={variant}
      className={className}
      disabled={download.isPending}
      onClick={() => download.mutate()}
      aria-describedby={describedBy}
    >
      <Download aria-hidden="true" />
      {download.isPending ? 'Exporting...' : label}
    </Button>
  );
}
