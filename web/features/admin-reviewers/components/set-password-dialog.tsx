import { DialogForm, FormDialog } from '@web/components/ui/form-dialog';
import { mountedOnceOpened } from '@web/components/ui/mounted-once-opened';
import { TextField } from '@web/components/ui/text-field';
import { useDialogForm } from '@web/lib/use-dialog-form';
import { useSetPassword } from '../api/reviewer-queries';
import type { ReviewerDialogProps } from './reviewer-dialog-props';

const loadSchema = () =>
  import('@shared/reviewer-admin-schemas').then((schemas) => schemas.setPasswordSchema);

/** 'Set Password' for one reviewer, validated with the server's setPasswordSchema (6+). */
function SetPasswordDialogContent({ reviewer, onClose, onCloseAutoFocus }: ReviewerDialogProps) {
  const setPassword = useSetPassword();
  const { form, close } = useDialogForm(loadSchema, { password: '' }, onClose);

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
        <TextField
          form={form}
          name="password"
          id="new-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          placeholder="min 6 characters"
        />
      </DialogForm>
    </FormDialog>
  );
}

export const SetPasswordDialog = mountedOnceOpened(
  SetPasswordDialogContent,
  (props) => props.reviewer !== null,
);
