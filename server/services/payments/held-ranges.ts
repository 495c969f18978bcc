import { and, eq, gt, isNotNull, ne } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { paymentHolds } from '#db/schema.ts';
import type { BookedRange } from '../booking/slots.ts';

/**
 * The times visitors are paying for at Stripe right now: a hold keeps its slot from everyone else
 * until it expires (then the slot is offered again at once, whether or not the release job has run).
 */
export async function heldRanges(db: Database, now: Date, exceptHold?: number): Promise<Array<Required<BookedRange>>> {
  const rows = await db
    .select({ start: paymentHolds.startsAt, end: paymentHolds.endsAt, sessionTypeId: paymentHolds.sessionTypeId })
    .from(paymentHolds)
    .where(
      and(
        eq(paymentHolds.status, 'pending'),
        eq(paymentHolds.kind, 'booking'),
        gt(paymentHolds.expiresAt, now),
        isNotNull(paymentHolds.startsAt),
        exceptHold ? ne(paymentHolds.id, exceptHold) : undefined,
      ),
    );
  // A booking's hold always has its time and type (payment_holds_slot_check, and checkout.ts writes the type).
  return rows.map((row) => ({ start: row.start!, end: row.end!, sessionTypeId: row.sessionTypeId! }));
}
