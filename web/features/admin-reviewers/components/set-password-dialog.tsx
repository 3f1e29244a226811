import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminReviewer,
  type SetPassword,
  setPasswordSchema,
} from '@shared/reviewer-admin-schemas';
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
import { Loader2 } from 'lucide-react';
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
    <Dialog open={reviewer !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Set Password</DialogTitle>
          <DialogDescription>Set a new password for {reviewer?.name}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ password }) => {
            if (!reviewer) return;
            setPassword.mutate({ reviewer, password }, { onSuccess: close });
          })}
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
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={setPassword.isPending}>
              {setPassword.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : null}
              Set Password
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
