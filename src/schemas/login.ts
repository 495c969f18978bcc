import { z } from 'zod';

// docs/product.md §5 (login). The password is checked as received (never trimmed); only its size is capped
// so an oversized one is refused before any hashing.
export const LOGIN_EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required';

export const loginSchema = z
  .object({
    email: z.string(LOGIN_EMAIL_MESSAGE).trim().max(254, LOGIN_EMAIL_MESSAGE).pipe(z.email(LOGIN_EMAIL_MESSAGE)),
    password: z.string(PASSWORD_REQUIRED_MESSAGE).min(1, PASSWORD_REQUIRED_MESSAGE).max(256, 'Password must be at most 256 characters'),
  })
  .strict();
