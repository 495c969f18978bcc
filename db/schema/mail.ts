import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.ts';

// Outgoing email: the outbox every email passes through, and the kinds of email the site sends.

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;

/** Every kind of email the site sends: what caused it. */
export const EMAIL_KINDS = [
  'contact_notification',
  'password_reset',
  'password_changed',
  'new_device_sign_in',
  'recovery_code_used',
  'two_factor_disabled',
  'test',
  'newsletter_confirmation',
  'newsletter_test',
  'newsletter',
  'booking_confirmation',
  'booking_moved',
  'booking_notice',
  'booking_moved_notice',
  'booking_place_changed',
  'booking_place_changed_notice',
  'booking_cancelled',
  'booking_cancelled_notice',
  'booking_reminder',
  'credit_low',
  'credits_expiring',
  'session_notes',
  'calendar_unreadable',
  'portal_sign_in',
  'payment_receipt',
  'refund_receipt',
  'payment_too_late',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

// docs/architecture.md "Email": every email is first a row here, written in the transaction of the
// change that causes it; the worker in each instance claims due rows and records the answer.
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial().primaryKey(),
    /** What caused it (contact_notification, password_reset, …): for the admin list and tests. */
    kind: text({ enum: EMAIL_KINDS }).notNull(),
    /** `<random@host>`: fixed at enqueue, so a resend after a crash can be recognised as the same email. */
    messageId: text().notNull().unique(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    /** Extra headers (Reply-To, List-Unsubscribe, …), already free of CR/LF. */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** A calendar invitation sent with it (text/calendar; method=REQUEST or CANCEL). */
    calendar: jsonb().$type<{ method: 'REQUEST' | 'CANCEL'; content: string }>(),
    /** Its html and text are encrypted at rest (session notes), opened only to send it. */
    sealed: boolean().notNull().default(false),
    status: text({ enum: OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Temporary failures are retried until then (a day after queueing, or after the admin's Retry). */
    retryUntil: timestamp({ withTimezone: true }).notNull().default(sql`now() + interval '24 hours'`),
    /** While sending: when the claim lapses and another instance may try again. */
    leaseUntil: timestamp({ withTimezone: true }),
    /** When the latest attempt started: the send rate is counted from it across instances. */
    lastAttemptAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** The SMTP server's answer to the delivery. */
    smtpResponse: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('outbox_emails_status_check', oneOf('status', OUTBOX_STATUSES)),
    index('outbox_emails_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('outbox_emails_lease_idx').on(t.leaseUntil).where(sql`${t.status} = 'sending'`),
    index('outbox_emails_last_attempt_idx').on(t.lastAttemptAt),
    index('outbox_emails_created_idx').on(t.createdAt),
  ],
);

export type OutboxEmail = typeof outboxEmails.$inferSelect;
