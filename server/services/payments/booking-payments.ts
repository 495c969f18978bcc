import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { type Payment, payments } from '#db/schema.ts';
import type { Brand } from '#server/mail/layout.ts';
import { recordRefund, refundableOf } from './ledger.ts';

// A paid session's money when it is cancelled (issue 37 §4): before its cut-off (or by the coach)
// what is left of a card payment goes back through Stripe; after the cut-off it does not. A bank
// transfer or cash payment is the coach's to give back by hand (Admin → Payments says so).

/** The card payment a booking was paid with, if any. */
export async function cardPaymentOf(db: Database, bookingId: number): Promise<Payment | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.bookingId, bookingId), eq(payments.kind, 'payment'), eq(payments.method, 'card'), eq(payments.status, 'succeeded')),
    );
  return row;
}

/** Refunds what is left of a cancelled booking's card payment, in the cancellation's transaction; answers whether it did. */
export async function refundCancelledBooking(tx: Database, brand: Brand, bookingId: number, reason: string, timeZone: string, now: Date) {
  const payment = await cardPaymentOf(tx, bookingId);
  if (!payment) return false;
  const left = await refundableOf(tx, payment.id);
  if (left <= 0) return false;
  await recordRefund(tx, brand, payment, { amountMinor: left, reason }, timeZone, now);
  return true;
}
