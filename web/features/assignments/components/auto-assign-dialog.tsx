import type { AssignmentBoard, AutoAssignPlan } from '@shared/review-cycle-schemas';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { FormDialog } from '@web/components/ui/form-dialog';
import { FieldError, FormField } from '@web/components/ui/form-field';
import { mountedOnceOpened } from '@web/components/ui/mounted-once-opened';
import { NativeSelect } from '@web/components/ui/native-select';
import { PendingButton, SubmitButton } from '@web/components/ui/submit-button';
import { TextField } from '@web/components/ui/text-field';
import { errorMessageOf, isApiError } from '@web/lib/api-client';
import { countOf } from '@web/lib/count-of';
import { useDialogForm } from '@web/lib/use-dialog-form';
import { useEffect, useState } from 'react';
import { useAutoAssignApply, useAutoAssignPreview } from '../api/assignment-queries';
import type { AutoAssignFormInput } from '../lib/auto-assign-form';
import { AutoAssignPreview } from './auto-assign-preview';

type AutoAssignInput = { perOpportunity: number; batch?: string; maxPerReviewer?: number };

const loadSchema = () =>
  import('../lib/auto-assign-form').then((form) => form.autoAssignFormSchema);
const emptyForm: AutoAssignFormInput = { perOpportunity: '3', batch: '', maxPerReviewer: '' };

export const STALE_PREVIEW_MESSAGE =
  'The assignments changed since this preview, so nothing was applied. Preview again to see the plan for the current assignments.';

/**
 * Auto-assign: k reviewers per opportunity (optionally one batch, optionally a cap per reviewer),
 * previewed first; Apply sends the preview's fingerprint, so a plan made on assignments that have
 * changed since is refused (409) rather than applied over them.
 */
function AutoAssignDialogContent({
  open,
  onOpenChange,
  board,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  board: AssignmentBoard;
}) {
  const preview = useAutoAssignPreview();
  const apply = useAutoAssignApply();
  const [planned, setPlanned] = useState<{ input: AutoAssignInput; plan: AutoAssignPlan } | null>(
    null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const { form, close } = useDialogForm(loadSchema, emptyForm, () => {
    setPlanned(null);
    setProblem(null);
    onOpenChange(false);
  });

  // A changed input makes the preview another plan's: it has to be made again before Apply.
  useEffect(() => {
    const subscription = form.watch(() => setPlanned(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const onPreview = form.handleSubmit((values) => {
    const input: AutoAssignInput = {
      perOpportunity: values.perOpportunity,
      ...(values.batch ? { batch: values.batch } : {}),
      ...(values.maxPerReviewer ? { maxPerReviewer: values.maxPerReviewer } : {}),
    };
    setProblem(null);
    preview.mutate(input, {
      onSuccess: (plan) => setPlanned({ input, plan }),
      onError: (error) => setProblem(errorMessageOf(error, 'The preview failed')),
    });
  });

  function onApply() {
    if (!planned) return;
    setProblem(null);
    apply.mutate(
      { ...planned.input, fingerprint: planned.plan.fingerprint },
      {
        onSuccess: close,
        onError: (error) => {
          setPlanned(null);
          setProblem(
            isApiError(error, 409)
              ? STALE_PREVIEW_MESSAGE
              : errorMessageOf(error, 'The assignments could not be applied'),
          );
        },
      },
    );
  }

  const added = planned?.plan.added.length ?? 0;
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Auto-Assign Reviewers"
      description="Gives each published opportunity k reviewers, counting those already assigned: never a conflicted pair, existing assignments kept, the load spread as evenly as the limits allow. Nothing changes until you apply the preview."
      className="sm:max-w-2xl"
    >
      <form noValidate className="grid gap-4" onSubmit={onPreview}>
        <div className="grid gap-4 sm:grid-cols-3 sm:items-end">
          <TextField
            form={form}
            name="perOpportunity"
            id="auto-per-opportunity"
            label="Reviewers per opportunity (k)"
            inputMode="numeric"
          />
          <FormField id="auto-batch" label="Opportunities">
            {(control) => (
              <NativeSelect {...control} {...form.register('batch')}>
                <option value="">Every published opportunity</option>
                {board.batches.map((batch) => (
                  <option key={batch} value={batch}>
                    Batch: {batch}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <TextField
            form={form}
            name="maxPerReviewer"
            id="auto-max-per-reviewer"
            label="Most per reviewer (optional)"
            inputMode="numeric"
            placeholder="No cap"
          />
        </div>
        {problem ? <FieldError>{problem}</FieldError> : null}
        {planned ? (
          <AutoAssignPreview
            plan={planned.plan}
            perOpportunity={planned.input.perOpportunity}
            board={board}
          />
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <SubmitButton variant={planned ? 'outline' : 'default'} isPending={preview.isPending}>
            {planned ? 'Preview Again' : 'Preview'}
          </SubmitButton>
          {planned ? (
            <PendingButton isPending={apply.isPending} disabled={added === 0} onClick={onApply}>
              {added === 0 ? 'Nothing to Apply' : `Apply ${countOf(added, 'Assignment')}`}
            </PendingButton>
          ) : null}
        </DialogFooter>
      </form>
    </FormDialog>
  );
}

export const AutoAssignDialog = mountedOnceOpened(AutoAssignDialogContent, (props) => props.open);
