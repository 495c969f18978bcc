import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { type Payment, paymentHolds, payments } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { log } from '#server/log.ts';
import { paymentsEnabled, stripeClient } from '#server/payments/stripe.ts';
import { mailBrand, readSettings } from '../settings.ts';
import { nextInvoiceNumber, queueRefundReceipt } from './ledger.ts';

// Card refunds reach Stripe through this worker (issue 37 §4): a refund is first a pending ledger
// row, written with the change that causes it; an instance claims it for a lease, asks Stripe with
// the row's id as the idempotency key (so a retry after a crash, or a second instance after the
// lease lapsed, never refunds twice), and then numbers it and queues its receipt.

/** How long a claimed refund is left to its instance before another may try it. */
const LEASE_MS = 60_000;
/** Attempts before a refund is marked failed for the coach to see on Admin → Payments. */
const MAX_ATTEMPTS = 8;

/** Sends one due refund to Stripe; answers how many it handled (0 or 1), for the job's loop. */
export async function sendDueRefund(now = new Date()): Promise<number> {
  if (!paymentsEnabled()) return 0;
  const refund = await claimRefund(now);
  if (!refund) return 0;
  try {
    const created = await stripeClient().refunds.create(
      {
        payment_intent: refund.stripePaymentIntent!,
        amount: -refund.amountMinor,
        metadata: { refundId: String(refund.id), reason: refund.reason.slice(0, 500) },
      },
      { idempotencyKey: `refund-${refund.id}` },
    );
    await settleRefund(refund, created.id, now);
  } catch (error) {
    const failed = refund.attempts >= MAX_ATTEMPTS;
    log(failed ? 'error' : 'warn', 'refund_failed', { refund: refund.id, attempt: refund.attempts, error: String(error) });
    const backoff = Math.min(2 ** refund.attempts * 30_000, 3_600_000);
    await (await database())
      .update(payments)
      .set({ lastError: String(error).slice(0, 500), leaseUntil: new Date(now.getTime() + backoff), ...(failed && { status: 'failed' }) })
      .where(eq(payments.id, refund.id));
  }
  return 1;
}

async function claimRefund(now: Date): Promise<Payment | undefined> {
  return (await database()).transaction(async (tx) => {
    const [due] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(eq(payments.status, 'pending'), eq(payments.kind, 'refund'), or(isNull(payments.leaseUntil), lte(payments.leaseUntil, now))),
      )
      .orderBy(asc(payments.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(payments)
      .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${payments.attempts} + 1` })
      .where(eq(payments.id, due.id))
      .returning();
    return claimed;
  });
}

/** Stripe took the refund: it gets its credit note number and its receipt, once. */
async function settleRefund(refund: Payment, stripeRefund: string, now: Date): Promise<void> {
  const [brand, settings] = await Promise.all([mailBrand(), readSettings()]);
  await (await database())
    .transaction(async (tx) => {
      const [settled] = await tx
        .update(payments)
        .set({
          status: 'succeeded',
          stripeRefund,
          invoiceNumber: await nextInvoiceNumber(tx),
          settledAt: now,
          leaseUntil: null,
          lastError: null,
        })
        .where(and(eq(payments.id, refund.id), eq(payments.status, 'pending')))
        .returning();
      // Another instance settled it first (its lease had lapsed): the counter's step rolls back with this.
      if (!settled) throw new AlreadySettled();
      await queueRefundReceipt(tx, brand, settled, settings.timeZone);
    })
    .catch((error: unknown) => {
      if (!(error instanceof AlreadySettled)) throw error;
    });
}

class AlreadySettled extends Error {}

/** Lets go of holds whose time ran out unpaid (their slots are free again already: heldRanges skips them). */
export async function releaseExpiredHolds(now = new Date()): Promise<number> {
  const released = await (await database())
    .update(paymentHolds)
    .set({ status: 'released' })
    .where(and(eq(paymentHolds.status, 'pending'), lte(paymentHolds.expiresAt, now)))
    .returning({ id: paymentHolds.id });
  return released.length;
}
