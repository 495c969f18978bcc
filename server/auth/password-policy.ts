// The whole password policy, as the server enforces it wherever a password is set: POST
// /api/auth/admin/users, PATCH /api/auth/admin/users/:id/password, POST /api/auth/password-reset/confirm,
// `admin:create`, `admin:reset-password` and ADMIN_PASSWORD at start (server/env.ts).
//
// Why here and not in src/schemas/: the common-password list (./common-passwords.ts) is ~97 KB of
// text (~41 KB gzipped), and the admin forms that share src/schemas/ are client components. They
// check the docs/product.md §5 rules in the browser (`passwordRulesSchema`) and show this schema's
// 400 `{ message, field: 'password' }` under the password field, so the list never reaches the
// browser and nothing can skip it: a request that did not come from the forms meets it all the same.
import { z } from 'zod';
import { COMMON_PASSWORD_MESSAGE, passwordRulesSchema } from '#src/schemas/password.ts';
import { resetTokenSchema } from '#src/schemas/password-reset.ts';
import { newUserFormSchema } from '#src/schemas/user.ts';
import { isCommonPassword } from './common-passwords.ts';

/** The §5 rules, then (only once they all pass, so a failing password hears just those) the list. */
export const passwordSchema = passwordRulesSchema.refine((password) => !isCommonPassword(password), {
  message: COMMON_PASSWORD_MESSAGE,
  when: (payload) => payload.issues.length === 0,
});

/** POST /api/auth/admin/users and `admin:create`. */
export const newUserSchema = newUserFormSchema.extend({ password: passwordSchema });

/** PATCH /api/auth/admin/users/:id/password. */
export const passwordChangeSchema = z.object({ password: passwordSchema }).strict();

/** POST /api/auth/password-reset/confirm. */
export const resetConfirmSchema = z.object({ token: resetTokenSchema, password: passwordSchema }).strict();
