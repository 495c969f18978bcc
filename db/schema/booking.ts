import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { createdAt, oneOf } from './columns.ts';

// Intro calls booked by visitors on /book.

export const BOOKING_STATUSES = ['confirmed', 'cancelled'] as const;
export const BOOKING_CANCELLERS = ['visitor', 'coach'] as const;
/** Who may book a session type (src/schemas/session-type.ts SESSION_TYPE_ACCESS). */
export const SESSION_TYPE_ACCESS_KINDS = ['anyone', 'clients', 'private'] as const;
/** Where a call happens (src/schemas/booking.ts CallPlace): its video link, the number to call, or an address. */
export const BOOKING_PLACE_KINDS = ['video', 'phone', 'address'] as const;

// What a client can book (issue 35 §1): the intro call first (migration 0020 made it from the
// intro-call booking that came before), then the coach's own. Null numbers and location follow
// the coach's availability, as the intro call always has.
export const sessionTypes = pgTable(
  'session_types',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    description: text().notNull().default(''),
    minutes: integer(),
    bufferMinutes: integer(),
    minNoticeHours: integer(),
    dailyCap: integer(),
    /** Where it happens (src/schemas/booking.ts CallLocation); null: as Availability says. */
    location: jsonb(),
    access: text({ enum: SESSION_TYPE_ACCESS_KINDS }).notNull().default('anyone'),
    listed: boolean().notNull().default(true),
    /** Its price in the site currency's minor unit (issue 37); null: free. */
    priceMinor: integer(),
    cancelCutoffHours: integer().notNull().default(0),
    maxReschedules: integer(),
    /** Its intake questions (src/schemas/session-type.ts IntakeQuestion), in order. */
    questions: jsonb().$type<unknown[]>().notNull().default([]),
    position: integer().notNull().default(0),
    /** The free intro call: exactly one type is, and it is never deleted. */
    intro: boolean().notNull().default(false),
    /** The key of its private link (/book/{slug}?key=…), which an 'only through its private link' type needs. */
    privateKey: text()
      .notNull()
      .$defaultFn(() => encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(18)))),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('session_types_access_check', oneOf('access', SESSION_TYPE_ACCESS_KINDS)),
    uniqueIndex('session_types_one_intro_idx').on(t.intro).where(sql`${t.intro}`),
  ],
);
export type SessionTypeRow = typeof sessionTypes.$inferSelect;

// Intro calls booked on /book. Two confirmed calls can never overlap: the exclusion constraint
// bookings_no_overlap (added by hand in migration 0008) refuses the second of two racing inserts.
export const bookings = pgTable(
  'bookings',
  {
    id: serial().primaryKey(),
    /** The iCalendar UID: the same for the invitation, its updates and its cancellation. */
    uid: text().notNull().unique(),
    /** What was booked: the intro call for every booking made before session types. */
    sessionTypeId: integer()
      .notNull()
      .references(() => sessionTypes.id),
    /** The client it is for: set when the booking made or matched one (every type but the intro call). */
    clientId: integer().references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    name: text().notNull(),
    email: text().notNull(),
    /** What the visitor wants to talk about; null once deleted after the retention period. */
    topic: text(),
    /**
     * The answers to the type's intake questions, each with the question as it was asked
     * (src/schemas/intake-answers.ts AskedAnswer); null once deleted with the topic.
     */
    answers: jsonb().$type<unknown[]>(),
    /** The visitor's time zone, for their emails. */
    timeZone: text().notNull(),
    status: text({ enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    /** The iCalendar SEQUENCE: 1 more at each reschedule. */
    sequence: integer().notNull().default(0),
    /** How many times the client moved it (a session type may limit them). */
    reschedules: integer().notNull().default(0),
    /** When the coach marked that the client did not come (its credit is forfeited). */
    noShowAt: timestamp({ withTimezone: true }),
    /** The recurring series it belongs to (issue 35 §5): the occurrences booked together share it. */
    seriesId: text(),
    cancelledBy: text({ enum: BOOKING_CANCELLERS }),
    cancelledAt: timestamp({ withTimezone: true }),
    /**
     * Where the call happens, fixed when it is booked (a per-call video room is made then) and
     * changed, with its SEQUENCE, when the coach moves every upcoming call; null: not said.
     */
    placeKind: text({ enum: BOOKING_PLACE_KINDS }),
    /** The video link, the phone number or the address; set exactly when placeKind is. */
    place: text(),
    /** When the 24-hour reminder was queued (or skipped, for a call booked less than a day ahead). */
    remindedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('bookings_status_check', oneOf('status', BOOKING_STATUSES)),
    check('bookings_cancelled_by_check', sql`cancelled_by is null or ${oneOf('cancelled_by', BOOKING_CANCELLERS)}`),
    check('bookings_range_check', sql`ends_at > starts_at`),
    check('bookings_place_kind_check', sql`place_kind is null or ${oneOf('place_kind', BOOKING_PLACE_KINDS)}`),
    check('bookings_place_check', sql`(place_kind is null) = (place is null)`),
    index('bookings_starts_idx').on(t.startsAt),
    index('bookings_email_idx').on(t.email),
    index('bookings_session_type_idx').on(t.sessionTypeId),
    index('bookings_client_idx').on(t.clientId),
    index('bookings_series_idx').on(t.seriesId),
    index('bookings_reminder_idx').on(t.startsAt).where(sql`${t.remindedAt} is null and ${t.status} = 'confirmed'`),
  ],
);
export type Booking = typeof bookings.$inferSelect;
