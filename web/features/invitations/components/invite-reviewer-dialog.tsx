import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateInvitation,
  type CreateInvitationInput,
  createInvitationSchema,
} from '@shared/invitation-schemas';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { Loader2, Send } from 'lucide-react';
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

  function close(next: boolean) {
    if (!next) form.reset(emptyForm);
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite Reviewer</DialogTitle>
          <DialogDescription>
            Send an email with a link where the reviewer chooses their own password.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) =>
            create.mutate(values, { onSuccess: () => close(false) }),
          )}
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
            {(control) => (
              <Input {...control} autoComplete="off" {...form.register('displayName')} />
            )}
          </FormField>
          <FormField
            id="invite-message"
            label="Personal Message (optional)"
            hint="Included in the invitation email"
            error={errors.customMessage?.message}
          >
            {(control) => <Textarea {...control} rows={3} {...form.register('customMessage')} />}
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Send aria-hidden="true" />
              )}
              Send Invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
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
