import { Button } from '@web/components/ui/button';
import { errorMessageOf } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import AlertCircle from 'lucide-react/icons/alert-circle';
import CheckCircle2 from 'lucide-react/icons/check-circle-2';
import Circle from 'lucide-react/icons/circle';
import CircleDot from 'lucide-react/icons/circle-dot';
import HardDrive from 'lucide-react/icons/hard-drive';
import Loader2 from 'lucide-react/icons/loader-2';
import type { ReactNode } from 'react';
import type { SaveStatus as Status } from '../lib/save-queue';

/**
 * Where the reviewer's work is: saving, saved, failed (with Retry), only on this device, or not
 * begun. The page's one polite live region for saves: auto-saves speak only through it.
 */
export function SaveStatus({
  status,
  error,
  isDirty,
  isComplete,
  hasReview,
  onRetry,
  className,
}: {
  status: Status;
  error: Error | null;
  isDirty: boolean;
  isComplete: boolean;
  hasReview: boolean;
  onRetry: () => void;
  className?: string;
}) {
  let state = 'idle';
  let content: ReactNode = (
    <>
      <Circle className="size-4" aria-hidden="true" />
      Nothing saved yet
    </>
  );
  if (status === 'saving') {
    state = 'saving';
    content = (
      <>
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Saving your review
      </>
    );
  } else if (status === 'failed') {
    state = 'failed';
    const message = errorMessageOf(error, 'Save failed');
    content = (
      <>
        <AlertCircle className="size-4 text-destructive" aria-hidden="true" />
        <span>Not saved: {message}</span>
        <Button variant="outline" size="sm" onClick={onRetry} disabled={!isComplete}>
          Retry
        </Button>
      </>
    );
  } else if (isDirty && !isComplete) {
    state = 'draft';
    content = (
      <>
        <HardDrive className="size-4" aria-hidden="true" />
        Draft kept on this device until all five scores are set
      </>
    );
  } else if (isDirty) {
    state = 'unsaved';
    content = (
      <>
        <CircleDot className="size-4" aria-hidden="true" />
        Unsaved changes
      </>
    );
  } else if (hasReview) {
    state = 'saved';
    content = (
      <>
        <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
        All changes saved
      </>
    );
  }
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Save status"
      data-state={state}
      className={cn(
        'flex min-h-8 flex-wrap items-center gap-2 text-sm text-muted-foreground',
        className,
      )}
    >
      {content}
    </div>
  );
}
