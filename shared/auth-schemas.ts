import {
  HTML5_EMAIL,
  INVALID_EMAIL_MESSAGE,
  type LoginInput,
  PASSWORD_REQUIRED_MESSAGE,
  type Role,
} from './sign-in';
import { z } from './zod';

export { homePathFor, type LoginInput, type Role } from './sign-in';

export const roleSchema = z.enum(['admin', 'reviewer'] satisfies Role[]);

/** WHATWG's email rule (what browsers use), so that `admin@localhost` is valid too. */
export const emailSchema = z
  .string()
  .trim()
  .pipe(z.email({ pattern: HTML5_EMAIL, error: INVALID_EMAIL_MESSAGE }));

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, PASSWORD_REQUIRED_MESSAGE),
}) satisfies z.ZodType<LoginInput>;

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
