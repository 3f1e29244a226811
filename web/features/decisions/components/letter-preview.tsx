import { OUTCOME_LABELS } from '@shared/decisions';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessageOf, isApiError } from '@web/lib/api-client';
import { useFeedback } from '../api/decision-queries';

/**
 * Exactly what the owner would receive (GET .../feedback): to whom, the subject, the text, and the
 * HTML drawn in a sandboxed frame (never in the page: it is the letter's markup, not ours).
 */
export function LetterPreview({
  opportunityId,
  hasDecision,
}: {
  opportunityId: string;
  hasDecision: boolean;
}) {
  const feedback = useFeedback(opportunityId, hasDecision);
  if (!hasDecision || isApiError(feedback.error, 409)) {
    return (
      <p className="text-sm text-muted-foreground">
        No decision yet: save a draft to preview the letter.
      </p>
    );
  }
  if (feedback.isError) {
    return (
      <div role="alert" className="space-y-2 text-sm">
        <p>{errorMessageOf(feedback.error, 'The preview could not be loaded')}</p>
        <Button variant="outline" size="sm" onClick={() => feedback.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (!feedback.data) {
    return (
      <div role="status" aria-label="Loading the preview" className="space-y-2">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const letter = feedback.data;
  return (
    <div className="space-y-3 text-sm" data-testid="letter-preview">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">To</dt>
        <dd>
          {letter.to
            ? `${letter.to.name ? `${letter.to.name} ` : ''}<${letter.to.email}>`
            : 'No owner email: this letter cannot be sent'}
        </dd>
        <dt className="text-muted-foreground">Subject</dt>
        <dd className="font-medium">{letter.subject}</dd>
        <dt className="text-muted-foreground">States</dt>
        <dd>
          {OUTCOME_LABELS[letter.outcome]} ({letter.state === 'draft' ? 'the draft' : 'released'})
        </dd>
      </dl>
      <div className="space-y-1">
        <h3 className="font-semibold">Plain text</h3>
        <pre className="max-h-96 overflow-auto whitespace-pre-wrap rounded-md border bg-muted/40 p-3 font-mono text-xs">
          {letter.text}
        </pre>
      </div>
      <div className="space-y-1">
        <h3 className="font-semibold">HTML</h3>
        <iframe
          title="Letter preview (HTML)"
          sandbox=""
          srcDoc={letter.html}
          className="h-96 w-full rounded-md border bg-white"
        />
      </div>
    </div>
  );
}
