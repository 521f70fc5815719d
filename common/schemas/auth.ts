import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../limits';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_MESSAGE = `Password must be at least ${PASSWORD_MIN} characters`;
export const NAME_MESSAGE = `Name must be at least ${NAME_MIN} characters`;

export const EmailSchema = z
  .string(EMAIL_MESSAGE)
  .trim()
  .max(EMAIL_MAX, EMAIL_MESSAGE)
  .pipe(z.email(EMAIL_MESSAGE));

export const PasswordSchema = z
  .string(PASSWORD_MESSAGE)
  .min(PASSWORD_MIN, PASSWORD_MESSAGE)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const NameSchema = z
  .string(NAME_MESSAGE)
  .trim()
  .min(NAME_MIN, NAME_MESSAGE)
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

export const LoginSchema = z.strictObject({ email: EmailSchema, password: PasswordSchema });
export type LoginInput = z.infer<typeof LoginSchema>;

export const RegisterSchema = z.strictObject({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const RoleSchema = z.enum(['staff', 'user']);
export type Role = z.infer<typeof RoleSchema>;

export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * Every answer that confirms an action and has nothing more to say: logout, sign out everywhere,
 * and registration, which answers the same whether or not the email already had an account.
 */
export const OkSchema = z.strictObject({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;
