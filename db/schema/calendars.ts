import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './booking.ts';
import { createdAt, oneOf } from './columns.ts';

// The coach's own calendars (issue 34): read for busy times, one of them written with bookings.

/** An iCalendar feed (a secret address, read only) or a CalDAV account (its calendars listed). */
export const CALENDAR_ACCOUNT_KINDS = ['ics', 'caldav'] as const;

export const calendarAccounts = pgTable(
  'calendar_accounts',
  {
    id: serial().primaryKey(),
    kind: text({ enum: CALENDAR_ACCOUNT_KINDS }).notNull(),
    /** How the admin names it: the feed's host, or the CalDAV user at its host. */
    label: text().notNull(),
    /** CalDAV: the server's address and the user name (not secret). */
    serverUrl: text(),
    username: text(),
    /**
     * The secret, sealed (server/crypto/sealed-text.ts, context `calendar_accounts:{id}`): a feed's
     * address (whoever has it reads the calendar) or a CalDAV app password. Never returned by the API.
     */
    secret: text().notNull(),
    createdAt: createdAt(),
  },
  () => [check('calendar_accounts_kind_check', oneOf('kind', CALENDAR_ACCOUNT_KINDS))],
);
export type CalendarAccount = typeof calendarAccounts.$inferSelect;

/** One calendar: a feed's only one, or one of a CalDAV account's; each is read on its own. */
export const calendars = pgTable(
  'calendars',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => calendarAccounts.id, { onDelete: 'cascade' }),
    /** The CalDAV collection's address; null for a feed (its address is the account's secret). */
    url: text(),
    name: text().notNull(),
    /** Its busy times keep slots from being offered. */
    blocksTime: boolean().notNull().default(false),
    /** Bookings are written into it (at most one calendar is). */
    writesBookings: boolean().notNull().default(false),
    /** What the last read saw, for a conditional read next time: a feed's ETag or Last-Modified, a collection's ctag. */
    version: text(),
    /** When any instance may read it next (claimed by moving it one interval on). */
    nextReadAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last read that succeeded, and the last one that read everything (not "unchanged"). */
    readAt: timestamp({ withTimezone: true }),
    fullReadAt: timestamp({ withTimezone: true }),
    busyCount: integer().notNull().default(0),
    /** The last read's error in words; null after a read that worked. */
    lastError: text(),
    /** Since when reads have failed (null: the last one worked), and when the coach was told. */
    failingSince: timestamp({ withTimezone: true }),
    failureMailedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendars_one_write_target_idx').on(t.writesBookings).where(sql`${t.writesBookings}`)],
);
export type ConnectedCalendar = typeof calendars.$inferSelect;

/** A busy time read from a calendar: only when, never what (issue 34 §6). */
export const busyBlocks = pgTable(
  'busy_blocks',
  {
    id: serial().primaryKey(),
    calendarId: integer()
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('busy_blocks_calendar_idx').on(t.calendarId), index('busy_blocks_ends_at_idx').on(t.endsAt)],
);

/**
 * A booking's event in the coach's write calendar (issue 34 §4), kept as a durable job: each change
 * of the booking raises `version`; a writer claims a row whose `writtenVersion` lags (a lease, like
 * the outbox) and PUTs the booking as it is then, or DELETEs it once cancelled, at an address made
 * from the booking's UID, so a retry or a second instance rewrites the same event, never a copy.
 */
export const calendarWrites = pgTable(
  'calendar_writes',
  {
    bookingId: integer()
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    calendarId: integer()
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    /** The event's address in the calendar. */
    href: text().notNull(),
    version: integer().notNull().default(1),
    writtenVersion: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp({ withTimezone: true }),
    lastError: text(),
  },
  (t) => [index('calendar_writes_due_idx').on(t.nextAttemptAt).where(sql`${t.writtenVersion} < ${t.version}`)],
);

/** The private feed of calls (issue 34 §5): one row, its link's generation (rotating revokes the old link). */
export const callFeed = pgTable(
  'call_feed',
  {
    id: integer().primaryKey().default(1),
    generation: integer().notNull().default(1),
    /** Whether the feed shows each call's visitor name and topic (off: only the session's name). */
    showsNames: boolean().notNull().default(false),
  },
  () => [check('call_feed_one_row_check', sql`id = 1`)],
);
