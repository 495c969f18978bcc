import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.ts';

// The coach's clients (issue 35 §2): bookings, packages and their credits belong to them.

export const CLIENT_STATUSES = ['prospect', 'active', 'past'] as const;
/** How a client came to be: added by the coach, from a booking, or from a contact message. */
export const CLIENT_SOURCES = ['manual', 'booking', 'message'] as const;
/** A person the coach works with: one per email address (compared without case). */
export const clients = pgTable(
  'clients',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    phone: text().notNull().default(''),
    organisation: text().notNull().default(''),
    /** Their time zone, for the times in their emails; null: as the booking they made says. */
    timeZone: text(),
    status: text({ enum: CLIENT_STATUSES }).notNull().default('prospect'),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    source: text({ enum: CLIENT_SOURCES }).notNull(),
    /** The coach turned their portal off (issue 36 §5): no sign-in, every session ended. */
    portalDisabledAt: timestamp({ withTimezone: true }),
    /** Their last request to the portal, noted at most once a minute. */
    portalSeenAt: timestamp({ withTimezone: true }),
    /** The emails they chose in the portal (issue 36 §4); what the law requires is sent regardless. */
    emailReminders: boolean().notNull().default(true),
    emailCreditNotices: boolean().notNull().default(true),
    /** They asked in the portal for everything held about them to be erased; the coach confirms it. */
    erasureRequestedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clients_email_lower_unique').on(sql`lower(${t.email})`),
    check('clients_status_check', oneOf('status', CLIENT_STATUSES)),
    check('clients_source_check', oneOf('source', CLIENT_SOURCES)),
    index('clients_name_idx').on(sql`lower(${t.name})`),
    index('clients_created_idx').on(t.createdAt),
  ],
);
export type Client = typeof clients.$inferSelect;
