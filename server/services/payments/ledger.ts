import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { counters, type Payment, payments } from '#db/schema.ts';
import { conflict } from '#server/errors.ts';
import type { Brand } from '#server/mail/layout.ts';
import { enqueueEmail } from '#server/mail/outbox.ts';
import { paymentReceiptEmail, refundReceiptEmail } from '#server/mail/payment-templates.ts';

// The money ledger (issue 37 §4): a row per payment and per refund, beside the credit ledger.
// Invoice numbers come from one counter row, taken in the transaction that writes the payment:
// a payment rolled back gives its number back with it, so the numbers have no gaps.

export const REFUND_TOO_LARGE = 'A refund cannot be more than what is left of the payment';

/** How a payment's method is written on invoices and in the accountant's CSV. */
export const PAID_WITH = { card: 'Card (Stripe)', bank_transfer: 'Bank transfer', cash: 'Cash' } as const;

/** How an invoice number is printed. */
export const invoiceLabel = (number: number) => `INV-${String(number).padStart(4, '0')}`;

/** The next invoice number: its row stays locked until the transaction ends, so two payments never share or skip one. */
export async function nextInvoiceNumber(tx: Database): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ name: 'invoice', value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row!.value;
}

export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'kind' | 'status' | 'invoiceNumber' | 'createdAt' | 'settledAt'>;

/** A payment received: written with its invoice number, and its receipt queued. */
export async function recordPayment(tx: Database, brand: Brand, payment: NewPayment, timeZone: string, now: Date): Promise<Payment> {
  const number = await nextInvoiceNumber(tx);
  const [row] = await tx
    .insert(payments)
    .values({ ...payment, kind: 'payment', status: 'succeeded', invoiceNumber: number, settledAt: now, createdAt: now })
    .returning();
  await enqueueEmail(tx, { kind: 'payment_receipt', to: row!.payerEmail, ...paymentReceiptEmail(brand, movementOf(row!), timeZone) });
  return row!;
}

/** What is left to refund of a payment: its amount less every refund asked for, pending ones too. */
export async function refundableOf(tx: Database, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({
      left: sql<number>`(select amount_minor from payments where id = ${paymentId}) + coalesce(sum(${payments.amountMinor}), 0)`.mapWith(
        Number,
      ),
    })
    .from(payments)
    .where(and(eq(payments.refundOf, paymentId), sql`${payments.status} <> 'failed'`));
  return row?.left ?? 0;
}

/**
 * A refund of (part of) a payment. A card refund is written pending and sent to Stripe by the
 * refund worker (refunds.ts), which numbers it and sends the receipt once Stripe has taken it;
 * a bank transfer or cash refund, which the coach has made, is settled at once.
 */
export async function recordRefund(
  tx: Database,
  brand: Brand,
  payment: Payment,
  refund: { amountMinor: number; reason: string },
  timeZone: string,
  now: Date,
): Promise<Payment> {
  // The payment's row is locked: two refunds of one payment are checked one after the other.
  await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payment.id)).for('update');
  if (refund.amountMinor <= 0 || refund.amountMinor > (await refundableOf(tx, payment.id))) throw conflict(REFUND_TOO_LARGE);
  const taxMinor = -Math.round((payment.taxMinor * refund.amountMinor) / payment.amountMinor);
  const card = payment.method === 'card';
  const [row] = await tx
    .insert(payments)
    .values({
      kind: 'refund',
      method: payment.method,
      status: card ? 'pending' : 'succeeded',
      amountMinor: -refund.amountMinor,
      taxMinor,
      currency: payment.currency,
      taxRateBasisPoints: payment.taxRateBasisPoints,
      taxInclusive: payment.taxInclusive,
      description: payment.description,
      clientId: payment.clientId,
      payerName: payment.payerName,
      payerEmail: payment.payerEmail,
      billTo: payment.billTo,
      bookingId: payment.bookingId,
      clientPackageId: payment.clientPackageId,
      refundOf: payment.id,
      reason: refund.reason,
      stripePaymentIntent: payment.stripePaymentIntent,
      invoiceNumber: card ? null : await nextInvoiceNumber(tx),
      settledAt: card ? null : now,
      createdAt: now,
    })
    .returning();
  if (!card) await queueRefundReceipt(tx, brand, row!, timeZone);
  return row!;
}

export async function queueRefundReceipt(tx: Database, brand: Brand, refund: Payment, timeZone: string): Promise<void> {
  await enqueueEmail(tx, {
    kind: 'refund_receipt',
    to: refund.payerEmail,
    ...refundReceiptEmail(brand, movementOf(refund), refund.reason, timeZone),
  });
}

const movementOf = (row: Payment) => ({
  name: row.payerName,
  description: row.description,
  amountMinor: row.amountMinor,
  taxMinor: row.taxMinor,
  currency: row.currency,
  number: row.invoiceNumber === null ? '' : invoiceLabel(row.invoiceNumber),
  at: row.settledAt ?? row.createdAt,
});
