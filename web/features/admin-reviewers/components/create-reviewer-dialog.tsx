import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateReviewer,
  type CreateReviewerInput,
  createReviewerSchema,
} from '@shared/reviewer-admin-schemas';
import { DialogForm, FormDialog } from '@web/components/ui/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useForm } from 'react-hook-form';
import { useCreateReviewer } from '../api/reviewer-queries';

const emptyForm: CreateReviewerInput = { name: '', email: '', displayName: '', password: '' };

/** 'Create New Reviewer', validated with the server's createReviewerSchema. */
export function CreateReviewerDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateReviewer();
  const form = useForm<CreateReviewerInput, unknown, CreateReviewer>({
    resolver: zodResolver(createReviewerSchema),
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
      title="Create New Reviewer"
      description="Add a reviewer account that can sign in right away."
    >
      <DialogForm
        onSubmit={form.handleSubmit((values) => create.mutate(values, { onSuccess: close }))}
        onCancel={close}
        submitLabel="Create Reviewer"
        isPending={create.isPending}
      >
        <FormField id="reviewer-name" label="Full Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <FormField id="reviewer-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input {...control} type="email" autoComplete="off" {...form.register('email')} />
          )}
        </FormField>
        <FormField
          id="reviewer-display-name"
          label="Display Name (optional)"
          error={errors.displayName?.message}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register('displayName')} />}
        </FormField>
        <FormField id="reviewer-password" label="Initial Password" error={errors.password?.message}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              placeholder="Minimum 8 characters"
              {...form.register('password')}
            />
          )}
        </FormField>
      </DialogForm>
    </FormDialog>
  );
}
