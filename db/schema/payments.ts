import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bookings, sessionTypes } from './booking.ts';
import { clients } from './clients.ts';
import { createdAt, oneOf } from './columns.ts';
import { clientPackages, packages } from './practice.ts';

// Paid sessions and packages (issue 37). Amounts are integers in the site currency's minor unit.

export const HOLD_KINDS = ['booking', 'package'] as const;
/** pending: waiting for Stripe to say it is paid; paid: the booking or package exists; released: its time ran out. */
export const HOLD_STATUSES = ['pending', 'paid', 'released'] as const;

/**
 * A visitor on their way through Stripe Checkout: a paid session's slot (kept from everyone else
 * until it expires) or a package, with what they asked for. The booking or package is made from it
 * only when Stripe's webhook says it is paid.
 */
export const paymentHolds = pgTable(
  'payment_holds',
  {
    id: serial().primaryKey(),
    kind: text({ enum: HOLD_KINDS }).notNull(),
    status: text({ enum: HOLD_STATUSES }).notNull().default('pending'),
    sessionTypeId: integer().references(() => sessionTypes.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    packageId: integer().references(() => packages.id, { onDelete: 'set null' }),
    name: text().notNull(),
    email: text().notNull(),
    /** The rest of the booking request (topic, answers, time zone), kept until it is paid or released. */
    request: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The price as quoted: what Checkout charges and the receipt shows. */
    amountMinor: integer().notNull(),
    taxMinor: integer().notNull(),
    currency: text().notNull(),
    checkoutSessionId: text().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    bookingId: integer().references(() => bookings.id, { onDelete: 'set null' }),
    clientPackageId: integer().references(() => clientPackages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_holds_kind_check', oneOf('kind', HOLD_KINDS)),
    check('payment_holds_status_check', oneOf('status', HOLD_STATUSES)),
    check('payment_holds_slot_check', sql`(kind = 'booking') = (starts_at is not null and ends_at is not null)`),
    index('payment_holds_pending_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
  ],
);
export type PaymentHold = typeof paymentHolds.$inferSelect;

export const PAYMENT_KINDS = ['payment', 'refund'] as const;
export const PAYMENT_METHODS = ['card', 'bank_transfer', 'cash'] as const;
/** A card refund is pending until Stripe has accepted it; everything else is succeeded when written. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * The money ledger, beside the credit ledger: one row per payment received and per refund, never
 * deleted and its amount never changed. Payments are positive, refunds negative: what the coach
 * kept is the sum.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    kind: text({ enum: PAYMENT_KINDS }).notNull(),
    method: text({ enum: PAYMENT_METHODS }).notNull(),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default('succeeded'),
    amountMinor: integer().notNull(),
    taxMinor: integer().notNull().default(0),
    currency: text().notNull(),
    /** Tax as charged: its rate in basis points and whether the price included it; null: none. */
    taxRateBasisPoints: integer(),
    taxInclusive: boolean().notNull().default(true),
    /** What was bought, as the receipt says it ("Coaching session, 3 March 2027"). */
    description: text().notNull(),
    clientId: integer().references(() => clients.id, { onDelete: 'set null' }),
    /** Who paid, as the receipt names them (kept when a client is erased: the accountant's record). */
    payerName: text().notNull(),
    payerEmail: text().notNull(),
    /** A sponsoring company the invoice is made out to: { company, address, taxId }. */
    billTo: jsonb().$type<{ company: string; address: string; taxId: string }>(),
    bookingId: integer().references(() => bookings.id, { onDelete: 'set null' }),
    clientPackageId: integer().references(() => clientPackages.id, { onDelete: 'set null' }),
    holdId: integer().references(() => paymentHolds.id, { onDelete: 'set null' }),
    /** The payment a refund gives money back from. */
    refundOf: integer(),
    /** Why: the coach's reason, or the rule that refunded it. */
    reason: text().notNull().default(''),
    stripeCheckoutSession: text(),
    stripePaymentIntent: text(),
    stripeRefund: text().unique(),
    /** The invoice (or, for a refund, credit note) number: consecutive, without gaps, given when it succeeds. */
    invoiceNumber: integer().unique(),
    /** A pending card refund is being sent to Stripe by an instance until then. */
    leaseUntil: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('payments_kind_check', oneOf('kind', PAYMENT_KINDS)),
    check('payments_method_check', oneOf('method', PAYMENT_METHODS)),
    check('payments_status_check', oneOf('status', PAYMENT_STATUSES)),
    check('payments_sign_check', sql`(kind = 'payment' and amount_minor > 0) or (kind = 'refund' and amount_minor < 0)`),
    index('payments_client_idx').on(t.clientId),
    index('payments_created_idx').on(t.createdAt),
    index('payments_booking_idx').on(t.bookingId),
    index('payments_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
  ],
);
export type Payment = typeof payments.$inferSelect;

/**
 * Every Stripe event received, by its id: an event is acted on in the transaction that inserts its
 * row, so a redelivery (or the same event reaching two instances at once) finds it and does nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  /** The Checkout session or other object it is about. */
  objectId: text().notNull().default(''),
  /** What it did, in words: "Booked session 12", "Ignored", "Refunded: its hold had expired". */
  outcome: text().notNull(),
  receivedAt: createdAt(),
});
export type StripeEvent = typeof stripeEvents.$inferSelect;

/** Named counters that must never skip: the invoice numbers. */
export const counters = pgTable('counters', {
  name: text().primaryKey(),
  value: integer().notNull().default(0),
});
