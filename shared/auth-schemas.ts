import { z } from 'zod';

export const roleSchema = z.enum(['admin', 'reviewer']);
export type Role = z.infer<typeof roleSchema>;

/** WHATWG's email rule (what browsers use), so that `admin@localhost` is valid too. */
export const emailSchema = z
  .string()
  .trim()
  .pipe(z.email({ pattern: z.regexes.html5Email, error: 'Invalid email address' }));

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The signed-in user as the client sees it (SPEC.md section 3 "Current user"). */
export const currentUserSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  role: roleSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const messageSchema = z.object({ message: z.string() });

export function homePathFor(role: Role): string {
  return role === 'admin' ? '/admin/dashboard' : '/reviewer/opportunities';
}
