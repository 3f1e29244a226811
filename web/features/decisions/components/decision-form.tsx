import type { DecisionPanel } from '@shared/decision-schemas';
import {
  DECISION_OUTCOMES,
  type DecisionOutcome,
  OUTCOME_LABELS,
  RATIONALE_MAX,
} from '@shared/decisions';
import { Button } from '@web/components/ui/button';
import { FieldError, FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/native-select';
import { OutcomeBadge } from '@web/components/ui/outcome-badge';
import { PendingButton, SubmitButton } from '@web/components/ui/submit-button';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessageOf } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format-date';
import { type FormEvent, useState } from 'react';
import { useRemoveDraft, useSaveDraft } from '../api/decision-queries';

const isOutcome = (value: string): value is DecisionOutcome =>
  (DECISION_OUTCOMES as readonly string[]).includes(value);

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
export function DecisionForm({ panel }: { panel: DecisionPanel }) {
  const id = panel.opportunity.id;
  const save = useSaveDraft(id);
  const remove = useRemoveDraft(id);
  const [outcome, setOutcome] = useState<string>(panel.draft?.outcome ?? '');
  const [rationale, setRationale] = useState(panel.draft?.rationale ?? '');
  const [outcomeError, setOutcomeError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isOutcome(outcome)) {
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
      <FormField id="decision-outcome" label="Outcome" error={outcomeError}>
        {(control) => (
          <NativeSelect
            {...control}
            value={outcome}
            onChange={(event) => setOutcome(event.target.value)}
          >
            <option value="">Choose an outcome</option>
            {DECISION_OUTCOMES.map((value) => (
              <option key={value} value={value}>
                {OUTCOME_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id="decision-rationale"
        label="Rationale (optional)"
        hint={`${rationale.length}/${RATIONALE_MAX} characters`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            maxLength={RATIONALE_MAX}
            value={rationale}
            onChange={(event) => setRationale(event.target.value)}
          />
        )}
      </FormField>
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
