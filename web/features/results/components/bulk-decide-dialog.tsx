import {
  DECISION_OUTCOMES,
  type DecisionOutcome,
  OUTCOME_LABELS,
  RATIONALE_MAX,
} from '@shared/decisions';
import { DialogForm, FormDialog } from '@web/components/ui/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessageOf } from '@web/lib/api-client';
import { countOf } from '@web/lib/count-of';
import { type FormEvent, useState } from 'react';
import { useBulkDecide } from '../api/results-queries';

const isOutcome = (value: string): value is DecisionOutcome =>
  (DECISION_OUTCOMES as readonly string[]).includes(value);

function BulkDecideForm({ ids, onDone }: { ids: string[]; onDone: (isSaved: boolean) => void }) {
  const decide = useBulkDecide();
  const [outcome, setOutcome] = useState('');
  const [rationale, setRationale] = useState('');
  const [outcomeError, setOutcomeError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isOutcome(outcome)) {
      setOutcomeError('Choose an outcome');
      return;
    }
    setOutcomeError(undefined);
    decide.mutate({ ids, outcome, rationale }, { onSuccess: () => onDone(true) });
  }

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={() => onDone(false)}
      submitLabel="Save drafts"
      isPending={decide.isPending}
      error={
        decide.isError ? errorMessageOf(decide.error, 'The drafts could not be saved') : undefined
      }
    >
      <FormField id="bulk-decision-outcome" label="Outcome" error={outcomeError}>
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
        id="bulk-decision-rationale"
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
    </DialogForm>
  );
}

/** Drafts one outcome on the checked opportunities (POST /api/admin/decisions/bulk). */
export function BulkDecideDialog({
  ids,
  open,
  onClose,
}: {
  ids: string[];
  open: boolean;
  onClose: (isSaved: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={() => onClose(false)}
      title="Decide"
      description={`Draft one outcome for ${countOf(ids.length, 'opportunity', 'opportunities')}. Nothing is in force until released on the Decisions page.`}
    >
      {open ? <BulkDecideForm ids={ids} onDone={onClose} /> : null}
    </FormDialog>
  );
}
