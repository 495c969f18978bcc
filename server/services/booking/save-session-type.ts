import { contentChanged } from '#server/cache/content-events.ts';
import { database } from '#server/db.ts';
import { NO_LOCATION } from '#src/schemas/booking.ts';
import type { SessionType, SessionTypeInput } from '#src/schemas/session-type.ts';
import { readSessionType, sessionTypeById, updateSessionType } from '../session-types.ts';
import { storedAvailability } from './availability.ts';
import { sameLocation } from './call-place.ts';
import { lockBookingWrites, mailContext, movePlaceOfUpcomingCalls } from './calls.ts';

/**
 * Saves the coach's edit of a session type. When where its sessions happen changes (its own place,
 * or following Availability's instead), every upcoming session of it takes the new place with an
 * updated invitation (SEQUENCE + 1) in the same transaction, as saveAvailability does for all.
 */
export async function saveSessionType(id: number, input: SessionTypeInput, now = new Date()): Promise<SessionType> {
  const ctx = await mailContext();
  const db = await database();
  await db.transaction(async (tx) => {
    await lockBookingWrites(tx);
    const before = await sessionTypeById(tx, id);
    await updateSessionType(tx, id, input);
    const availabilityPlace = (await storedAvailability(tx))?.location ?? NO_LOCATION;
    const place = input.location ?? availabilityPlace;
    if (!sameLocation(before.location ?? availabilityPlace, place)) await movePlaceOfUpcomingCalls(tx, ctx, place, now, id);
  });
  await contentChanged();
  return readSessionType(id);
}
