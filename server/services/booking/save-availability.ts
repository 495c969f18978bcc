import { contentChanged } from '#server/cache/content-events.ts';
import { database } from '#server/db.ts';
import { type Availability, NO_LOCATION } from '#src/schemas/booking.ts';
import { readAvailability, storeAvailability, storedAvailability } from './availability.ts';
import { sameLocation } from './call-place.ts';
import { lockBookingWrites, mailContext, movePlaceOfUpcomingCalls } from './calls.ts';

/**
 * Saves the coach's availability whole. When where calls happen changes, every upcoming call takes
 * the new place with an updated invitation (SEQUENCE + 1) in the same transaction, so the setting
 * and the invitations never disagree. The page cache is cleared: the privacy policy states how long
 * call topics are kept.
 */
export async function saveAvailability(availability: Availability, now = new Date()): Promise<Availability> {
  // Read before the transaction (PGlite has one connection); the emails speak in the new zone.
  const ctx = { ...(await mailContext()), availability };
  const db = await database();
  await db.transaction(async (tx) => {
    await lockBookingWrites(tx);
    const before = (await storedAvailability(tx))?.location ?? NO_LOCATION;
    await storeAvailability(tx, availability);
    if (!sameLocation(before, availability.location)) await movePlaceOfUpcomingCalls(tx, ctx, availability.location, now);
  });
  await contentChanged();
  return readAvailability();
}
