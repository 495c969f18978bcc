import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { createdAt } from './columns.ts';

// The client portal (issue 36): clients sign in with an emailed link or its 6-digit code, into
// sessions of their own — another table and another cookie than the admin's, so no client session
// can ever pass an admin guard.

/** One emailed sign-in: the link's token and the code, stored only as hashes; 15 minutes, once. */
export const portalSignIns = pgTable(
  'portal_sign_ins',
  {
    id: serial().primaryKey(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** hex SHA-256 of the link's token. */
    tokenHash: text().notNull().unique(),
    /** hex SHA-256 of the sign-in's id and its 6-digit code (a code alone is too short to hash safely). */
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Wrong codes typed against it: 5, then it is spent. */
    attempts: integer().notNull().default(0),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('portal_sign_ins_client_idx').on(t.clientId)],
);

/** A client's signed-in browser: as the admin's sessions (server/auth/session.ts), in a table of its own. */
export const clientSessions = pgTable(
  'client_sessions',
  {
    /** hex SHA-256 of the token; the token itself is never stored. */
    id: text().primaryKey(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    userAgent: text(),
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_sessions_client_idx').on(t.clientId)],
);
export type ClientSession = typeof clientSessions.$inferSelect;
