import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.ts';
import { posts } from './content.ts';
import { outboxEmails } from './mail.ts';

// The people the site hears from and writes to: contact messages, newsletter subscribers,
// newsletters and each newsletter's deliveries.

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text(),
    message: text().notNull(),
    isRead: boolean().notNull().default(false),
    ipAddress: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  // The inbox's newest-first pages (`order by created_at desc, id desc`, nulls first as Postgres orders by default).
  (t) => [index('contact_messages_recent_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced'] as const;

export const subscribers = pgTable(
  'subscribers',
  {
    id: serial().primaryKey(),
    firstName: text(),
    lastName: text(),
    email: text().notNull(),
    /** pending until the emailed link is confirmed; only active ones receive newsletters. */
    status: text({ enum: SUBSCRIBER_STATUSES }).notNull().default('active'),
    /** Where they came from: post, footer, services (the signup forms), import, admin. */
    source: text().notNull().default('admin'),
    /** hex SHA-256 of the confirmation link's token, while pending. */
    confirmTokenHash: text().unique(),
    confirmExpiresAt: timestamp({ withTimezone: true }),
    /** The last confirmation email: at most one an hour per address. */
    confirmSentAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscribers_email_lower_unique').on(sql`lower(${t.email})`),
    check('subscribers_status_check', oneOf('status', SUBSCRIBER_STATUSES)),
    index('subscribers_status_idx').on(t.status, t.id),
    index('subscribers_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const NEWSLETTER_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;

export const newsletters = pgTable(
  'newsletters',
  {
    id: serial().primaryKey(),
    subject: text().notNull(),
    /** Markdown, rendered by the site's one sanitising pipeline. */
    body: text().notNull(),
    postId: integer().references(() => posts.id, { onDelete: 'set null' }),
    status: text({ enum: NEWSLETTER_STATUSES }).notNull().default('draft'),
    scheduledFor: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('newsletters_status_check', oneOf('status', NEWSLETTER_STATUSES)),
    index('newsletters_status_idx').on(t.status),
    // The newsletters screen's newest-first pages.
    index('newsletters_recent_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** One row per newsletter and subscriber: the unique key is what keeps anyone from getting one twice. */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: serial().primaryKey(),
    newsletterId: integer()
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    subscriberId: integer().references(() => subscribers.id, { onDelete: 'set null' }),
    outboxEmailId: integer().references(() => outboxEmails.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_once').on(t.newsletterId, t.subscriberId),
    index('newsletter_deliveries_outbox_idx').on(t.outboxEmailId),
    index('newsletter_deliveries_subscriber_idx').on(t.subscriberId),
  ],
);

export type Subscriber = typeof subscribers.$inferSelect;
export type Newsletter = typeof newsletters.$inferSelect;
