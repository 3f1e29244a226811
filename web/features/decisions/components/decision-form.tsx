import type { DecisionPanel } from '@shared/decision-schemas';
import { isDecisionOutcome, RATIONALE_MAX } from '@shared/decisions';
import { Button } from '@web/components/ui/button';
import { DecisionFields } from '@web/components/ui/decision-fields';
import { FieldError } from '@web/components/ui/form-field';
import { OutcomeBadge } from '@web/components/ui/outcome-badge';
import { PendingButton, SubmitButton } from '@web/components/ui/submit-button';
import { errorMessageOf } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format-date';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { type FormEvent, useState } from 'react';
import { useRemoveDraft, useSaveDraft } from '../api/decision-queries';

/** The released decision in force: outcome, rationale, who released it and when. */
export function InForce({ panel }: { panel: DecisionPanel }) {
  const { released } = panel;
  if (!released) {
    return <p className="text-sm text-muted-foreground">No decision has been released yet.</p>;
  }
  return (
    <div className="space-y-1 text-sm" data-testid="decision-in-force">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">In force:</span>
        <OutcomeBadge outcome={released.outcome} />
        {released.releasedAt ? (
          <span className="text-muted-foreground">
            released {formatDateTime(released.releasedAt)}
            {released.releasedBy ? ` by ${released.releasedBy.name}` : ''}
          </span>
        ) : null}
      </p>
      {released.rationale ? (
        <p className="whitespace-pre-wrap text-muted-foreground">{released.rationale}</p>
      ) : null}
      {panel.draft ? (
        <p className="text-muted-foreground">It stays in force until the draft is released.</p>
      ) : null}
    </div>
  );
}

/**
 * The draft: outcome and rationale, Save draft (PUT) and Remove draft (DELETE). The server's
 * refusal (a draft opportunity cannot be decided) is shown under the form.
 */
export function DecisionForm({
  panel,
  discussionSummary = null,
}: {
  panel: DecisionPanel;
  /** The resolved discussion's summary (issue 36), offered while the rationale is empty. */
  discussionSummary?: string | null;
}) {
  const id = panel.opportunity.id;
  const save = useSaveDraft(id);
  const remove = useRemoveDraft(id);
  const [outcome, setOutcome] = useState<string>(panel.draft?.outcome ?? '');
  const [rationale, setRationale] = useState(panel.draft?.rationale ?? '');
  const [outcomeError, setOutcomeError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isDecisionOutcome(outcome)) {
      setOutcomeError('Choose an outcome');
      return;
    }
    setOutcomeError(undefined);
    save.mutate({ outcome, rationale });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Draft decision">
      {panel.draft ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">Draft:</span>
          <OutcomeBadge outcome={panel.draft.outcome} state="draft" />
          <span className="text-muted-foreground">
            saved {formatDateTime(panel.draft.decidedAt)}
            {panel.draft.decidedBy ? ` by ${panel.draft.decidedBy.name}` : ''}
          </span>
        </p>
      ) : null}
      <DecisionFields
        idPrefix="decision"
        outcome={outcome}
        onOutcomeChange={setOutcome}
        outcomeError={outcomeError}
        rationale={rationale}
        onRationaleChange={setRationale}
      />
      {/* Offered only into an empty rationale: typed text is never replaced. */}
      {discussionSummary && rationale.trim() === '' ? (
        <div className="-mt-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              setRationale(discussionSummary.slice(0, RATIONALE_MAX));
              // The button goes with the empty rationale: the focus moves to the text it filled.
              document.getElementById('decision-rationale')?.focus();
            }}
          >
            <MessagesSquare aria-hidden="true" />
            Use the discussion summary
          </Button>
        </div>
      ) : null}
      {save.isError ? (
        <FieldError>{errorMessageOf(save.error, 'The draft could not be saved')}</FieldError>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <SubmitButton isPending={save.isPending}>Save draft</SubmitButton>
        {panel.draft ? (
          <PendingButton
            type="button"
            variant="outline"
            isPending={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Remove draft
          </PendingButton>
        ) : null}
        {!panel.draft && (outcome || rationale) ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setOutcome('');
              setRationale('');
            }}
          >
            Clear
          </Button>
        ) : null}
      </div>
    </form>
  );
}
