import { isDecisionOutcome } from '@shared/decisions';
import { DecisionFields } from '@web/components/ui/decision-fields';
import { DialogForm, FormDialog } from '@web/components/ui/form-dialog';
import { errorMessageOf } from '@web/lib/api-client';
import { countOf } from '@web/lib/count-of';
import { type FormEvent, useState } from 'react';
import { useBulkDecide } from '../api/results-queries';

function BulkDecideForm({ ids, onDone }: { ids: string[]; onDone: (isSaved: boolean) => void }) {
  const decide = useBulkDecide();
  const [outcome, setOutcome] = useState('');
  const [rationale, setRationale] = useState('');
  const [outcomeError, setOutcomeError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isDecisionOutcome(outcome)) {
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
      <DecisionFields
        idPrefix="bulk-decision"
        outcome={outcome}
        onOutcomeChange={setOutcome}
        outcomeError={outcomeError}
        rationale={rationale}
        onRationaleChange={setRationale}
      />
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
