// The sign-in rules in plain TypeScript, without zod: /login is the first page a visitor
// downloads, and even zod's mini API would add about 17 KB gzip to it (issue 7's 120 KB budget).
// The server's zod `loginSchema` (auth-schemas.ts) is built from these same rules.

/** WHATWG's email rule (what browsers use; zod's `z.regexes.html5Email`): `admin@localhost` is valid. */
export const HTML5_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required';

export type LoginInput = { email: string; password: string };
export type LoginProblems = Partial<Record<keyof LoginInput, string>>;

/** The sign-in form's checks, as the server makes them: the email is trimmed first. */
export function checkLogin(input: LoginInput): { values: LoginInput; problems: LoginProblems } {
  const values = { email: input.email.trim(), password: input.password };
  const problems: LoginProblems = {};
  if (!HTML5_EMAIL.test(values.email)) problems.email = INVALID_EMAIL_MESSAGE;
  if (values.password.length < 1) problems.password = PASSWORD_REQUIRED_MESSAGE;
  return { values, problems };
}

export type Role = 'admin' | 'reviewer';

export function homePathFor(role: Role): string {
  return role === 'admin' ? '/admin/dashboard' : '/reviewer/opportunities';
}
