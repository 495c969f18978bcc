import { z } from 'zod';
import { LOGIN_EMAIL_MESSAGE } from './login.ts';
import { passwordRulesSchema } from './password.ts';
import { PASSWORDS_DONT_MATCH } from './user.ts';

// 'Forgot password?' (POST /api/auth/password-reset) and the reset link's page
// (POST /api/auth/password-reset/confirm).

export const RESET_REQUESTED =
  'If an account exists for that address, we have sent it a link to choose a new password. The link works for 30 minutes.';

export const resetRequestSchema = z
  .object({ email: z.string(LOGIN_EMAIL_MESSAGE).trim().max(254, LOGIN_EMAIL_MESSAGE).pipe(z.email(LOGIN_EMAIL_MESSAGE)) })
  .strict();

/** The link's token; the server's body is `resetConfirmSchema` (server/auth/password-policy.ts). */
export const resetTokenSchema = z
  .string('The reset link is incomplete')
  .min(1, 'The reset link is incomplete')
  .max(200, 'This reset link is not valid');

/** The reset page asks for the password twice; the common-password list is the server's (its 400 names the field). */
export const resetFormSchema = z
  .object({ password: passwordRulesSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, { message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] });

/** What POST /api/auth/password-reset answers, for every address alike. */
export interface ResetRequested {
  message: string;
}
