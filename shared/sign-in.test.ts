import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginSchema } from './auth-schemas';
import { checkLogin, HTML5_EMAIL } from './sign-in';

describe('the sign-in rules without zod', () => {
  it('use the same email rule as zod', () => {
    expect(HTML5_EMAIL.source).toBe(z.regexes.html5Email.source);
  });

  it.each([
    { email: '  admin@localhost ', password: 'x' },
    { email: 'a.b+c@example.org', password: 'secret' },
    { email: 'not an email', password: 'x' },
    { email: 'user@', password: 'x' },
    { email: '', password: '' },
    { email: 'admin@example.org', password: '' },
    { email: '@example.org', password: 'x' },
  ])('agree with the server on $email / $password', (input) => {
    const client = checkLogin(input);
    const server = loginSchema.safeParse(input);
    expect(Object.keys(client.problems).length === 0).toBe(server.success);
    if (server.success) expect(client.values).toEqual(server.data);
    else {
      for (const issue of server.error.issues) {
        const field = issue.path[0] as 'email' | 'password';
        expect(client.problems[field]).toBe(issue.message);
      }
    }
  });
});
