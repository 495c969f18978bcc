import { z } from 'zod';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';

// docs/product.md §5: the password policy, with its exact messages; docs/security.md caps the length at 256.
export const PASSWORD_MIN_MESSAGE = 'Password must be at least 8 characters';
export const PASSWORD_MAX_MESSAGE = 'Password must be at most 256 characters';
export const PASSWORD_UPPERCASE_MESSAGE = 'Password must contain at least one uppercase letter';
export const PASSWORD_LOWERCASE_MESSAGE = 'Password must contain at least one lowercase letter';
export const PASSWORD_NUMBER_MESSAGE = 'Password must contain at least one number';
export const PASSWORD_SPECIAL_MESSAGE = 'Password must contain at least one special character (!@#$%^&*()_+-=[]{}|;:,.<>?)';

/** Passwords are checked as received: never trimmed or normalised (docs/security.md, ASVS 6.2.8). */
export const passwordSchema = z
  .string(PASSWORD_MIN_MESSAGE)
  .min(8, PASSWORD_MIN_MESSAGE)
  .max(256, PASSWORD_MAX_MESSAGE)
  .regex(/[A-Z]/, PASSWORD_UPPERCASE_MESSAGE)
  .regex(/[a-z]/, PASSWORD_LOWERCASE_MESSAGE)
  .regex(/[0-9]/, PASSWORD_NUMBER_MESSAGE)
  .regex(/[!@#$%^&*()_+\-=[\]{}|;:,.<>?]/, PASSWORD_SPECIAL_MESSAGE)
  // Consulted only once every docs/product.md §5 rule is met, so a failing password hears just those rules.
  .refine((password) => !isCommonPassword(password), {
    message: COMMON_PASSWORD_MESSAGE,
    when: (payload) => payload.issues.length === 0,
  });
