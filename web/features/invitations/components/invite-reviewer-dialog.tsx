import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateInvitation,
  type CreateInvitationInput,
  createInvitationSchema,
} from '@shared/invitation-schemas';
import { Button } from '@web/components/ui/button';
import { DialogForm, FormDialog } from '@web/components/ui/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateInvitation } from '../api/invitation-queries';

const emptyForm: CreateInvitationInput = {
  email: '',
  name: '',
  displayName: '',
  customMessage: '',
};

/** 'Invite Reviewer': an email with a link to choose a password, validated like the server. */
export function InviteReviewerDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateInvitation();
  const form = useForm<CreateInvitationInput, unknown, CreateInvitation>({
    resolver: zodResolver(createInvitationSchema),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  function close() {
    form.reset(emptyForm);
    onOpenChange(false);
  }

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
        <FormField id="invite-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input {...control} type="email" autoComplete="off" {...form.register('email')} />
          )}
        </FormField>
        <FormField id="invite-name" label="Full Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <FormField
          id="invite-display-name"
          label="Display Name (optional)"
          error={errors.displayName?.message}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register('displayName')} />}
        </FormField>
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
