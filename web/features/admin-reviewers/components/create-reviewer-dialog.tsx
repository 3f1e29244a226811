import type { CreateReviewerInput } from '@shared/reviewer-admin-schemas';
import { DialogForm, FormDialog } from '@web/components/ui/form-dialog';
import { mountedOnceOpened } from '@web/components/ui/mounted-once-opened';
import { TextField } from '@web/components/ui/text-field';
import { useDialogForm } from '@web/lib/use-dialog-form';
import { useCreateReviewer } from '../api/reviewer-queries';

const loadSchema = () =>
  import('@shared/reviewer-admin-schemas').then((schemas) => schemas.createReviewerSchema);
const emptyForm: CreateReviewerInput = { name: '', email: '', displayName: '', password: '' };

/** 'Create New Reviewer', validated with the server's createReviewerSchema. */
function CreateReviewerDialogContent({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateReviewer();
  const { form, close } = useDialogForm(loadSchema, emptyForm, () => onOpenChange(false));

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Create New Reviewer"
      description="Add a reviewer account that can sign in right away."
    >
      <DialogForm
        onSubmit={form.handleSubmit((values) => create.mutate(values, { onSuccess: close }))}
        onCancel={close}
        submitLabel="Create Reviewer"
        isPending={create.isPending}
      >
        <TextField
          form={form}
          name="name"
          id="reviewer-name"
          label="Full Name"
          autoComplete="off"
        />
        <TextField
          form={form}
          name="email"
          id="reviewer-email"
          label="Email"
          type="email"
          autoComplete="off"
        />
        <TextField
          form={form}
          name="displayName"
          id="reviewer-display-name"
          label="Display Name (optional)"
          autoComplete="off"
        />
        <TextField
          form={form}
          name="password"
          id="reviewer-password"
          label="Initial Password"
          type="password"
          autoComplete="new-password"
          placeholder="Minimum 8 characters"
        />
      </DialogForm>
    </FormDialog>
  );
}

export const CreateReviewerDialog = mountedOnceOpened(
  CreateReviewerDialogContent,
  (props) => props.open,
);
