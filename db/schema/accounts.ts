import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.ts';

// Accounts and signing in: users, their sessions, the second factor and its recovery codes,
// the two-step sign-in's challenges and password reset links.

export const USER_ROLES = ['admin', 'user'] as const;

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: USER_ROLES }).notNull().default('user'),
    // docs/decisions.md: the owner is the first admin created at bootstrap; never deleted or demoted.
    isOwner: boolean().notNull().default(false),
    firstName: text(),
    lastName: text(),
    profileImageUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // E-mails are compared case-insensitively, so uniqueness is on the lowercased value.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_single_owner').on(t.isOwner).where(sql`${t.isOwner}`),
    check('users_role_check', oneOf('role', USER_ROLES)),
    check('users_owner_is_admin', sql`not ${t.isOwner} or ${t.role} = 'admin'`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // hex SHA-256 of the token; the token itself is never stored.
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** The browser it was made in (truncated), for the account page's list of sessions. */
    userAgent: text(),
    /** Last request seen, written at most once a minute. */
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** An admin's TOTP second factor (RFC 6238): set up first, confirmed by a code, then required at sign-in. */
export const userTotp = pgTable('user_totp', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The shared secret (base32, as the authenticator app was given it). */
  secret: text().notNull(),
  /** Null while being set up: the factor counts only once a code has confirmed it. */
  confirmedAt: timestamp({ withTimezone: true }),
  /** The time step of the last code accepted: a code is never accepted twice. */
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten one-time recovery codes per account with 2FA, stored as hashes; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull().unique(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A password accepted for an account with 2FA: the second step's short-lived ticket (stored as its hash). */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** hex SHA-256 of the token sent by email; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export type User = typeof users.$inferSelect;
