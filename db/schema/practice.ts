import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings } from './booking.ts';
import { clients } from './clients.ts';
import { createdAt, oneOf } from './columns.ts';

// The coach's practice (issue 35 §3): the packages of sessions the coach sells or
// gives, the packages granted to clients, and the ledger of every change of a client's credits.

/** Every change of credits: src/schemas/credits.ts says what each means and its sign. */
export const CREDIT_KINDS = ['granted', 'used', 'returned', 'forfeited', 'expired', 'adjusted'] as const;

/** A package of sessions as the coach defines it: so many sessions of these types, valid so long. */
export const packages = pgTable('packages', {
  id: serial().primaryKey(),
  name: text().notNull(),
  sessions: integer().notNull(),
  /** The session types its credits book. */
  sessionTypeIds: integer().array().notNull(),
  /** Days from the grant until unused credits expire; null: they never do. */
  validDays: integer(),
  /** The price as the coach shows it, for reference only (payments come with issue 37). */
  price: text().notNull().default(''),
  /** Its price online, in the site currency's minor unit (issue 37); null: granted by the coach only. */
  priceMinor: integer(),
  createdAt: createdAt(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type Package = typeof packages.$inferSelect;

/**
 * A package granted to a client: what it was when granted (name, sessions, types, expiry), so a
 * later edit of the package changes no client's credits.
 */
export const clientPackages = pgTable(
  'client_packages',
  {
    id: serial().primaryKey(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    packageId: integer().references(() => packages.id, { onDelete: 'set null' }),
    name: text().notNull(),
    sessions: integer().notNull(),
    sessionTypeIds: integer().array().notNull(),
    /** When unused credits expire; null: never. */
    expiresAt: timestamp({ withTimezone: true }),
    /** The coach's note: "paid by bank transfer", "complimentary". */
    note: text().notNull().default(''),
    /** When the "one credit left" and "credits expire in 14 days" emails were queued. */
    lowNoticeAt: timestamp({ withTimezone: true }),
    expiryNoticeAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('client_packages_client_idx').on(t.clientId)],
);
export type ClientPackage = typeof clientPackages.$inferSelect;

/**
 * Every change of a client's credits, one row each and never changed (a trigger refuses UPDATE):
 * a package's balance is the sum of its rows' amounts, never a counter that can drift.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial().primaryKey(),
    clientPackageId: integer()
      .notNull()
      .references(() => clientPackages.id, { onDelete: 'cascade' }),
    kind: text({ enum: CREDIT_KINDS }).notNull(),
    /** +sessions granted, −1 used, +1 returned, 0 forfeited (the used credit stays used), −left expired, ±n adjusted. */
    amount: integer().notNull(),
    /** The booking that used, returned or forfeited the credit. */
    bookingId: integer().references(() => bookings.id, { onDelete: 'set null' }),
    /** Why: the coach's reason for an adjustment or override, or the rule that applied. */
    reason: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('credit_ledger_kind_check', oneOf('kind', CREDIT_KINDS)),
    index('credit_ledger_package_idx').on(t.clientPackageId),
    index('credit_ledger_booking_idx').on(t.bookingId),
  ],
);
export type CreditMovement = typeof creditLedger.$inferSelect;

/**
 * The coach's notes of one session (issue 35 §6): private notes, shared notes and action items, one
 * JSON document encrypted at rest (server/crypto/sealed-text.ts) so a dump or a backup alone does
 * not reveal them; `version` lets an autosave from an older copy be refused rather than overwrite.
 */
export const sessionNotes = pgTable('session_notes', {
  bookingId: integer()
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  sealed: text().notNull(),
  version: integer().notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** When the shared notes were last emailed to the client. */
  sharedSentAt: timestamp({ withTimezone: true }),
});
export type SessionNotesRow = typeof sessionNotes.$inferSelect;
