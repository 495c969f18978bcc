import { z } from 'zod';
import { bookingRequestSchema } from './booking.ts';

// What the visitor's side of paying sends and reads (issue 37).

/** POST /api/bookings for a paid session without a credit: Stripe's page to pay on, and how long the time is held. */
export interface CheckoutStarted {
  checkoutUrl: string;
  heldUntil: string;
}

/** POST /api/payments/packages/:id/checkout: who is buying. */
export const packageCheckoutSchema = bookingRequestSchema.pick({ name: true, email: true, timeZone: true }).strict();

/** What the page Stripe sends the visitor back to says: still waiting for Stripe, booked, or let go. */
export interface HoldStatus {
  status: 'pending' | 'paid' | 'released';
  kind: 'booking' | 'package';
  /** The session's start, for a booking. */
  start: string | null;
  /** What was bought: the session type's or the package's name. */
  name: string;
}

export const holdStatusQuerySchema = z.object({ hold: z.string().max(100).optional() });

export const WEBHOOK_SIGNATURE_MESSAGE = 'The Stripe-Signature header is missing, wrong or too old';

export const PAYMENT_LIMITS = { description: 200, reason: 200, company: 120, address: 400, taxId: 40 } as const;
export const MANUAL_TARGET_MESSAGE = 'Say which booking or which granted package the payment is for';
export const REFUND_REASON_REQUIRED = 'Reason is required';

const oneLineText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${label} must be one line of text`);

const positiveAmount = z
  .number('Amount must be a number')
  .int('Amount must be a whole number of cents')
  .min(1, 'Amount must be more than nothing')
  .max(100_000_000, 'Amount is too large');

/** A sponsoring company the invoice is made out to. */
export const billToSchema = z.strictObject({
  company: oneLineText('Company', PAYMENT_LIMITS.company).pipe(z.string().min(1, 'Company is required')),
  address: z
    .string('Company address must be text')
    .trim()
    .max(PAYMENT_LIMITS.address, `Company address must be at most ${PAYMENT_LIMITS.address} characters`),
  taxId: oneLineText('Company tax ID', PAYMENT_LIMITS.taxId),
});
export type BillTo = z.infer<typeof billToSchema>;

/** POST /api/admin/payments/manual: a bank transfer or cash the coach received for a booking or a granted package. */
export const manualPaymentSchema = z
  .strictObject({
    method: z.enum(['bank_transfer', 'cash'], 'Method must be bank_transfer or cash'),
    bookingId: z
      .number('bookingId must be a booking id')
      .int('bookingId must be a booking id')
      .positive('bookingId must be a booking id')
      .nullable()
      .default(null),
    clientPackageId: z
      .number('clientPackageId must be a granted package id')
      .int('clientPackageId must be a granted package id')
      .positive('clientPackageId must be a granted package id')
      .nullable()
      .default(null),
    amountMinor: positiveAmount,
    billTo: billToSchema.nullable().default(null),
  })
  .refine((input) => (input.bookingId === null) !== (input.clientPackageId === null), {
    message: MANUAL_TARGET_MESSAGE,
    path: ['bookingId'],
  });
export type ManualPaymentInput = z.output<typeof manualPaymentSchema>;

/** POST /api/admin/payments/:id/refund: how much of the payment goes back, and why. */
export const refundSchema = z.strictObject({
  amountMinor: positiveAmount,
  reason: oneLineText('Reason', PAYMENT_LIMITS.reason).pipe(z.string().min(1, REFUND_REASON_REQUIRED)),
});

/** GET /api/admin/payments: one client's, one month's (YYYY-MM, in the coach's zone), or everything. */
export const paymentsQuerySchema = z.object({
  client: z.coerce.number('client must be a client id').int('client must be a client id').positive('client must be a client id').optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
    .optional(),
});
export type PaymentsQuery = z.infer<typeof paymentsQuerySchema>;

export type PaymentKind = 'payment' | 'refund';
export type PaymentMethod = 'card' | 'bank_transfer' | 'cash';
export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

/** A row of the money ledger as Admin → Payments and the portal's receipts show it. */
export interface PaymentEntry {
  id: number;
  kind: PaymentKind;
  method: PaymentMethod;
  status: PaymentStatus;
  amountMinor: number;
  taxMinor: number;
  currency: string;
  description: string;
  payerName: string;
  payerEmail: string;
  clientId: number | null;
  bookingId: number | null;
  /** "INV-0007"; null until a card refund has gone through. */
  number: string | null;
  reason: string;
  /** For a payment: what can still be refunded. */
  refundableMinor: number;
  lastError: string | null;
  at: string;
}

/** A visitor at Stripe's page (or was). */
export interface HoldEntry {
  id: number;
  kind: 'booking' | 'package';
  status: 'pending' | 'paid' | 'released';
  name: string;
  email: string;
  what: string;
  start: string | null;
  amountMinor: number;
  currency: string;
  expiresAt: string;
  createdAt: string;
}

export interface WebhookEntry {
  id: string;
  type: string;
  outcome: string;
  receivedAt: string;
}

/** GET /api/admin/payments. */
export interface PaymentsOverview {
  /** Whether both STRIPE_* secrets are set. */
  online: boolean;
  currency: string;
  payments: PaymentEntry[];
  holds: HoldEntry[];
  webhooks: WebhookEntry[];
  /** Received, refunded (negative) and kept, over the rows listed. */
  totals: { receivedMinor: number; refundedMinor: number; netMinor: number };
}

/** A package a client can buy by card from their portal. */
export interface PackageForSale {
  id: number;
  name: string;
  sessions: number;
  validDays: number | null;
  priceMinor: number;
  currency: string;
}
