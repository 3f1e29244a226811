import type { declareConflictSchema } from '@shared/review-cycle-schemas';
import { Button } from '@web/components/ui/button';
import { DialogForm, FormDialog } from '@web/components/ui/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { useDialogForm } from '@web/lib/use-dialog-form';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import { useState } from 'react';
import type { z } from 'zod';
import { useDeclareConflict } from '../api/reviewer-workspace-queries';

const loadSchema = () =>
  import('@shared/review-cycle-schemas').then((schemas) => schemas.declareConflictSchema);
const emptyForm: z.input<typeof declareConflictSchema> = { reason: '' };

/**
 * "I have a conflict of interest": the button, and the dialog that says what follows before the
 * reviewer confirms (with an optional reason). Declaring cannot be undone by the reviewer.
 */
export function DeclareConflict({ opportunityId }: { opportunityId: string }) {
  const [open, setOpen] = useState(false);
  const declare = useDeclareConflict(opportunityId);
  const { form, close } = useDialogForm(loadSchema, emptyForm, () => setOpen(false), open);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-4 text-sm">
      <p className="text-muted-foreground">Know the team, or have a stake in this opportunity?</p>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <ShieldAlert aria-hidden="true" />I have a conflict of interest
      </Button>
      <FormDialog
        open={open}
        onClose={close}
        title="Declare a Conflict of Interest"
        description="Step aside from this opportunity when you cannot judge it independently."
      >
        <DialogForm
          onSubmit={form.handleSubmit((values) =>
            declare.mutate(values.reason, { onSuccess: close }),
          )}
          onCancel={close}
          submitLabel="Declare Conflict"
          isPending={declare.isPending}
        >
          <div className="space-y-2 text-sm">
            <p className="font-medium">Once you declare it:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>scoring and commenting on this opportunity close;</li>
              <li>other reviewers' comments on it are hidden from you;</li>
              <li>
                any review or comment you saved here is kept, but no longer counts in the results;
              </li>
              <li>only an administrator can withdraw the declaration.</li>
            </ul>
          </div>
          <FormField
            id="conflict-reason"
            label="Reason (optional)"
            hint="Only you and administrators see it"
            error={form.formState.errors.reason?.message}
          >
            {(control) => <Textarea rows={3} {...control} {...form.register('reason')} />}
          </FormField>
        </DialogForm>
      </FormDialog>
    </div>
  );
}
