import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { type Booking, sessionTypes } from '#db/schema.ts';
import { siteConfig } from '#src/config/site.ts';
import { callPlaceText } from '#src/schemas/booking.ts';
import { placeOf } from '../booking/call-place.ts';
import { calendarFile, type StoredEvent } from '../booking/ics.ts';

// A booking as the coach's own calendars keep it: the event written into their CalDAV calendar,
// and each event of the private feed of calls. Its UID is the invitation's, so a calendar that
// also took the emailed invitation holds one event, not two.

/** How an event is titled: 'Intro call', else the session type's name. */
export const sessionTitle = (type: { intro: boolean; name: string }) => (type.intro ? 'Intro call' : type.name);

/** The event of a booking; with `withPerson`, the visitor's name, address and topic too. */
export function storedEvent(booking: Booking, title: string, withPerson: boolean): StoredEvent {
  const site = siteConfig().url;
  const place = placeOf(booking);
  const videoLink = place?.kind === 'video' ? place.url : null;
  return {
    uid: booking.uid,
    sequence: booking.sequence,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: new Date(),
    summary: withPerson ? `${title}: ${booking.name}` : title,
    description: [
      ...(withPerson ? [`With ${booking.name} <${booking.email}>`, ...(booking.topic ? [`Topic: ${booking.topic}`] : [])] : []),
      `${site}/admin/bookings/${booking.id}`,
    ].join('\n'),
    ...(videoLink ? { url: videoLink } : {}),
    ...(place ? { location: videoLink ?? (place.kind === 'address' ? place.address : callPlaceText(place)) } : {}),
    cancelled: booking.status === 'cancelled',
  };
}

/** The .ics text written into the coach's calendar for a booking (theirs alone, so with the person). */
export async function bookingEvent(db: Database, booking: Booking): Promise<string> {
  const [type] = await db
    .select({ intro: sessionTypes.intro, name: sessionTypes.name })
    .from(sessionTypes)
    .where(eq(sessionTypes.id, booking.sessionTypeId));
  return calendarFile([storedEvent(booking, sessionTitle(type!), true)]);
}
