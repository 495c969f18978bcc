import { z } from 'zod';
import { passwordRulesSchema } from './password.ts';

// docs/product.md §5 (new user, password change, profile picture) and ASVS 1.2.2, docs/security.md (URLs from input).
export const USER_EMAIL_MESSAGE = 'Please enter a valid email address';
export const ROLE_MESSAGE = 'Role must be admin or user';
export const PASSWORDS_DONT_MATCH = "Passwords don't match";
export const IMAGE_URL_MESSAGE = 'Profile image must be an http(s) URL or a path on this site';

export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** An absolute http(s) URL or a same-site path (`/…`, not `//…`), at most 2,048 characters. */
export const imageUrlSchema = z
  .string(IMAGE_URL_MESSAGE)
  .trim()
  .max(2048, IMAGE_URL_MESSAGE)
  .refine((value) => /^\/(?![/\\])/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), IMAGE_URL_MESSAGE);

const optionalName = (label: string) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .optional()
    .transform((value) => value || null);

/**
 * The 'Create New User' form's check, with the password's docs/product.md §5 rules only. The API and
 * `admin:create` parse the server's `newUserSchema` (server/auth/password-policy.ts): this, plus the
 * common-password list.
 */
export const newUserFormSchema = z
  .object({
    email: z.string(USER_EMAIL_MESSAGE).trim().max(254, USER_EMAIL_MESSAGE).pipe(z.email(USER_EMAIL_MESSAGE)),
    password: passwordRulesSchema,
    role: z.enum(USER_ROLES, ROLE_MESSAGE),
    firstName: optionalName('First name'),
    lastName: optionalName('Last name'),
    profileImageUrl: z
      // The union's own message, so a wrong type is told what the field wants, not "Invalid input".
      .union([z.literal(''), z.null(), imageUrlSchema], IMAGE_URL_MESSAGE)
      .optional()
      .transform((value) => value || null),
  })
  .strict();

/** The change-password dialog asks for the password twice (the server's body is `passwordChangeSchema`, server/auth/password-policy.ts). */
export const passwordChangeFormSchema = z
  .object({ password: passwordRulesSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, { message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] });

export const profileImageSchema = z.object({ profileImageUrl: z.union([imageUrlSchema, z.null()], IMAGE_URL_MESSAGE) }).strict();

export type NewUserInput = z.input<typeof newUserFormSchema>;

/** A user as every API answers it: exactly these keys (ASVS 15.3.1, docs/security.md), never the hash. */
export interface PublicUser {
  id: number;
  email: string;
  role: UserRole;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  createdAt: string;
}
