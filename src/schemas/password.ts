import { z } from 'zod';

// docs/product.md §5: the password policy, with its exact messages; docs/security.md caps the length at 256.
export const PASSWORD_MIN_MESSAGE = 'Password must be at least 8 characters';
export const PASSWORD_MAX_MESSAGE = 'Password must be at most 256 characters';
export const PASSWORD_UPPERCASE_MESSAGE = 'Password must contain at least one uppercase letter';
export const PASSWORD_LOWERCASE_MESSAGE = 'Password must contain at least one lowercase letter';
export const PASSWORD_NUMBER_MESSAGE = 'Password must contain at least one number';
export const PASSWORD_SPECIAL_MESSAGE = 'Password must contain at least one special character (!@#$%^&*()_+-=[]{}|;:,.<>?)';
/** ASVS 6.2.4, docs/security.md: said by the server only (server/auth/password-policy.ts), once every rule above is met. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

/**
 * The docs/product.md §5 rules: what the admin forms check in the browser. Passwords are checked as
 * received: never trimmed or normalised (docs/security.md, ASVS 6.2.8). Not the whole policy: the
 * server's `passwordSchema` (server/auth/password-policy.ts) also refuses the common passwords, a
 * list kept out of the browser's bundle; the forms show its 400 under the password field.
 */
export const passwordRulesSchema = z
  .string(PASSWORD_MIN_MESSAGE)
  .min(8, PASSWORD_MIN_MESSAGE)
  .max(256, PASSWORD_MAX_MESSAGE)
  .regex(/[A-Z]/, PASSWORD_UPPERCASE_MESSAGE)
  .regex(/[a-z]/, PASSWORD_LOWERCASE_MESSAGE)
  .regex(/[0-9]/, PASSWORD_NUMBER_MESSAGE)
  .regex(/[!@#$%^&*()_+\-=[\]{}|;:,.<>?]/, PASSWORD_SPECIAL_MESSAGE);
