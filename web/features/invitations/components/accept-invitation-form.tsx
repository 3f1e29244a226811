import { zodResolver } from '@hookform/resolvers/zod';
import type { CurrentUser } from '@shared/auth-schemas';
import {
  type AcceptInvitation,
  acceptInvitationSchema,
  type PublicInvitation,
} from '@shared/invitation-schemas';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { SubmitButton } from '@web/components/ui/submit-button';
import { TextField } from '@web/components/ui/text-field';
import { useForm } from 'react-hook-form';
import { useAcceptInvitation } from '../api/invitation-queries';

/**
 * The invited reviewer's password (twice), validated with the server's acceptInvitationSchema.
 * `onAccepted` gets the new, signed-in user (the page caches it and leaves).
 */
export function AcceptInvitationForm({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: PublicInvitation;
  onAccepted: (user: CurrentUser) => void;
}) {
  const accept = useAcceptInvitation(token);
  const form = useForm<AcceptInvitation>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => accept.mutate(values, { onSuccess: onAccepted }))}
    >
      {/* Read-only, so that a password manager files the new password under this email. */}
      <FormField id="invite-accept-email" label="Email">
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="username"
            readOnly
            value={invitation.email}
          />
        )}
      </FormField>
      <TextField
        form={form}
        name="password"
        id="invite-accept-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="Minimum 8 characters"
      />
      <TextField
        form={form}
        name="confirmPassword"
        id="invite-accept-confirm"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton
        size="lg"
        className="w-full"
        isPending={accept.isPending}
        pendingLabel="Creating account..."
      >
        Create Account
      </SubmitButton>
    </form>
  );
}
