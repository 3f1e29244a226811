import { useMutation } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import DatabaseBackup from 'lucide-react/icons/database-backup';
import Download from 'lucide-react/icons/download';
import { useId, useState } from 'react';
import { backupFailureMessage, downloadBackup } from '../api/backup-download';
import type { ExportProgress } from '../lib/export-progress';
import { DownloadProgress } from './download-progress';

/**
 * The 'Full backup' download of the Exports page: the whole database in one archive, which
 * `npm run restore` loads. Reads 'Backing up...' meanwhile, with the bytes received beneath it.
 */
export function BackupCard() {
  const titleId = useId();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const backup = useMutation({
    mutationFn: () => {
      setProgress(null);
      return downloadBackup(setProgress);
    },
    onSuccess: (filename) =>
      toast({ title: 'Backup Complete', description: `Saved as ${filename}` }),
    onError: (error) =>
      toast({
        title: 'Backup Failed',
        description: backupFailureMessage(error),
        variant: 'destructive',
      }),
  });
  return (
    <Card data-testid="backup-card">
      <CardHeader>
        <div className="flex items-center gap-2">
          <DatabaseBackup aria-hidden="true" className="size-5 text-primary" />
          <CardTitle id={titleId}>Database Backup</CardTitle>
        </div>
        <CardDescription>
          Everything Assay holds, images included, in one archive that <code>npm run restore</code>{' '}
          loads into a new installation. Sign-in sessions are left out.
        </CardDescription>
      </CardHeader>
      <CardContent className="sm:max-w-xs">
        <Button
          className="w-full"
          variant="outline"
          disabled={backup.isPending}
          onClick={() => backup.mutate()}
          aria-describedby={titleId}
        >
          <Download aria-hidden="true" />
          {backup.isPending ? 'Backing up...' : 'Full backup'}
        </Button>
        {backup.isPending && progress ? (
          <DownloadProgress progress={progress} label="Backup progress" testId="backup-progress" />
        ) : null}
      </CardContent>
    </Card>
  );
}
