import { eq } from 'drizzle-orm';
import { packages, paymentHolds, sessionTypes } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { notFound } from '#server/errors.ts';
import type { HoldStatus } from '#src/schemas/payments.ts';
import { idOfSignedToken } from '../signed-ids.ts';
import { HOLD_TOKEN_PURPOSE } from './checkout.ts';

export const HOLD_NOT_FOUND = 'This payment link is not valid';

/**
 * How the payment of the link Stripe sent the visitor back with went: the page asks until the
 * webhook has booked (or let go); arriving there books nothing by itself.
 */
export async function holdStatus(token: string, now = new Date()): Promise<HoldStatus> {
  const id = await idOfSignedToken(HOLD_TOKEN_PURPOSE, token);
  const db = await database();
  const [hold] =
    id === null
      ? []
      : await db
          .select({
            status: paymentHolds.status,
            kind: paymentHolds.kind,
            start: paymentHolds.startsAt,
            expiresAt: paymentHolds.expiresAt,
            typeName: sessionTypes.name,
            packageName: packages.name,
          })
          .from(paymentHolds)
          .leftJoin(sessionTypes, eq(sessionTypes.id, paymentHolds.sessionTypeId))
          .leftJoin(packages, eq(packages.id, paymentHolds.packageId))
          .where(eq(paymentHolds.id, id));
  if (!hold) throw notFound(HOLD_NOT_FOUND);
  return {
    status: hold.status === 'pending' && hold.expiresAt <= now ? 'released' : hold.status,
    kind: hold.kind,
    start: hold.start?.toISOString() ?? null,
    name: hold.typeName ?? hold.packageName ?? '',
  };
}
