import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminReviewer,
  type SetPassword,
  setPasswordSchema,
} from '@shared/reviewer-admin-schemas';
import { DialogForm, FormDialog } from '@web/components/ui/form-dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useForm } from 'react-hook-form';
import { useSetPassword } from '../api/reviewer-queries';

/** 'Set Password' for one reviewer, validated with the server's setPasswordSchema (6+). */
export function SetPasswordDialog({
  reviewer,
  onClose,
  onCloseAutoFocus,
}: {
  reviewer: AdminReviewer | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const setPassword = useSetPassword();
  const form = useForm<SetPassword>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  function close() {
    form.reset({ password: '' });
    onClose();
  }

  return (
    <FormDialog
      open={reviewer !== null}
      onClose={close}
      title="Set Password"
      description={<>Set a new password for {reviewer?.name}</>}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <DialogForm
        onSubmit={form.handleSubmit(({ password }) => {
          if (!reviewer) return;
          setPassword.mutate({ reviewer, password }, { onSuccess: close });
        })}
        onCancel={close}
        submitLabel="Set Password"
        isPending={setPassword.isPending}
      >
        <FormField id="new-password" label="New Password" error={errors.password?.message}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              placeholder="min 6 characters"
              {...form.register('password')}
            />
          )}
        </FormField>
      </DialogForm>
    </FormDialog>
  );
}
