import { DialogForm, FormDialog } from '@web/components/ui/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { mountedOnceOpened } from '@web/components/ui/mounted-once-opened';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { useDialogForm } from '@web/lib/use-dialog-form';
import { useRecordConflict } from '../api/assignment-queries';
import type { BoardOpportunity, BoardReviewer } from '../lib/board-view';
import type { RecordConflictFormInput } from '../lib/record-conflict-form';

const loadSchema = () =>
  import('../lib/record-conflict-form').then((form) => form.recordConflictFormSchema);
const emptyForm: RecordConflictFormInput = { reviewerId: '', opportunityId: '', reason: '' };

/** An admin records a conflict a reviewer told them about (declared by 'admin'). */
function RecordConflictDialogContent({
  open,
  onOpenChange,
  reviewers,
  opportunities,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reviewers: readonly BoardReviewer[];
  opportunities: readonly BoardOpportunity[];
}) {
  const record = useRecordConflict();
  const { form, close } = useDialogForm(loadSchema, emptyForm, () => onOpenChange(false));
  const errors = form.formState.errors;
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Record Conflict of Interest"
      description="From now on the reviewer cannot score or comment on the opportunity, and their review and comment on it count nowhere."
    >
      <DialogForm
        onSubmit={form.handleSubmit((values) => record.mutate(values, { onSuccess: close }))}
        onCancel={close}
        submitLabel="Record Conflict"
        isPending={record.isPending}
      >
        <FormField id="conflict-reviewer" label="Reviewer" error={errors.reviewerId?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('reviewerId')}>
              <option value="">Choose a reviewer</option>
              {reviewers.map((reviewer) => (
                <option key={reviewer.id} value={reviewer.id}>
                  {reviewer.name} ({reviewer.email})
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id="conflict-opportunity"
          label="Opportunity"
          error={errors.opportunityId?.message}
        >
          {(control) => (
            <NativeSelect {...control} {...form.register('opportunityId')}>
              <option value="">Choose an opportunity</option>
              {opportunities.map((opportunity) => (
                <option key={opportunity.id} value={opportunity.id}>
                  #{opportunity.number} {opportunity.title}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="conflict-reason" label="Reason (optional)" error={errors.reason?.message}>
          {(control) => <Textarea rows={3} {...control} {...form.register('reason')} />}
        </FormField>
      </DialogForm>
    </FormDialog>
  );
}

export const RecordConflictDialog = mountedOnceOpened(
  RecordConflictDialogContent,
  (props) => props.open,
);
