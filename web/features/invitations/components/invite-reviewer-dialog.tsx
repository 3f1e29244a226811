import type { CreateInvitationInput } from '@shared/invitation-schemas';
import { Button } from '@web/components/ui/button';
import { DialogForm, FormDialog } from '@web/components/ui/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { mountedOnceOpened } from '@web/components/ui/mounted-once-opened';
import { TextField } from '@web/components/ui/text-field';
import { Textarea } from '@web/components/ui/textarea';
import { useDialogForm } from '@web/lib/use-dialog-form';
import Send from 'lucide-react/icons/send';
import { useState } from 'react';
import { useCreateInvitation } from '../api/invitation-queries';

const loadSchema = () =>
  import('@shared/invitation-schemas').then((schemas) => schemas.createInvitationSchema);
const emptyForm: CreateInvitationInput = {
  email: '',
  name: '',
  displayName: '',
  customMessage: '',
};

/** 'Invite Reviewer': an email with a link to choose a password, validated like the server. */
function InviteReviewerDialogContent({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateInvitation();
  const { form, close } = useDialogForm(loadSchema, emptyForm, () => onOpenChange(false));
  const { errors } = form.formState;

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Invite Reviewer"
      description="Send an email with a link where the reviewer chooses their own password."
    >
      <DialogForm
        onSubmit={form.handleSubmit((values) => create.mutate(values, { onSuccess: close }))}
        onCancel={close}
        submitLabel="Send Invitation"
        submitIcon={<Send aria-hidden="true" />}
        isPending={create.isPending}
      >
        <TextField
          form={form}
          name="email"
          id="invite-email"
          label="Email"
          type="email"
          autoComplete="off"
        />
        <TextField form={form} name="name" id="invite-name" label="Full Name" autoComplete="off" />
        <TextField
          form={form}
          name="displayName"
          id="invite-display-name"
          label="Display Name (optional)"
          autoComplete="off"
        />
        <FormField
          id="invite-message"
          label="Personal Message (optional)"
          hint="Included in the invitation email"
          error={errors.customMessage?.message}
        >
          {(control) => <Textarea {...control} rows={3} {...form.register('customMessage')} />}
        </FormField>
      </DialogForm>
    </FormDialog>
  );
}

export const InviteReviewerDialog = mountedOnceOpened(
  InviteReviewerDialogContent,
  (props) => props.open,
);

/** The header button that opens the dialog (it owns the dialog's open state). */
export function InviteReviewerButton() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setIsOpen(true)}>
        <Send aria-hidden="true" />
        Invite Reviewer
      </Button>
      <InviteReviewerDialog open={isOpen} onOpenChange={setIsOpen} />
    </>
  );
}
