import { checkLogin, type LoginInput } from '@shared/sign-in';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { SubmitButton } from '@web/components/ui/submit-button';
import { signedOutNotice } from '@web/lib/signed-out-notice';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useLogin } from '../api/auth-queries';

/** The server's own sign-in checks (shared/sign-in.ts), without zod on the first page. */
const loginResolver: Resolver<LoginInput> = async (input) => {
  const { values, problems } = checkLogin(input);
  const entries = Object.entries(problems);
  if (entries.length === 0) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      entries.map(([field, message]) => [field, { type: 'validate', message }]),
    ),
  };
};

/**
 * Email and password form; above it, why the last session ended when the server said so (a
 * deactivated account), until the next sign-in.
 */
export function LoginForm() {
  const login = useLogin();
  const [notice] = useState(signedOutNotice);
  const form = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => login.mutate(values))}
    >
      {notice ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm font-medium text-destructive dark:text-red-400"
        >
          {notice}
        </p>
      ) : null}
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            {...form.register('email')}
          />
        )}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        )}
      </FormField>
      <SubmitButton
        size="lg"
        className="w-full"
        isPending={login.isPending}
        pendingLabel="Signing in..."
      >
        Sign In
      </SubmitButton>
    </form>
  );
}
