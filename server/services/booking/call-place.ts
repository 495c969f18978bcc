import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { Booking } from '#db/schema.ts';
import type { CallLocation, CallPlace } from '#src/schemas/booking.ts';

// Where one call happens: set from the coach's "Where calls happen" when it is booked, and again
// when the coach changes it while the call is still ahead. A per-call video room is made here, so
// its link exists only on the booking, its emails and its manage page, never before.

/** A room name no one can guess: 128 random bits, lower-case base32 (26 letters and digits, as Jitsi takes). */
const roomName = () => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(16)));

/** The booking's columns for a call about to be booked (or moved to a new location); a video room is made now. */
export function placeColumns(location: CallLocation): Pick<Booking, 'placeKind' | 'place'> {
  switch (location.kind) {
    case 'none':
      return { placeKind: null, place: null };
    case 'video':
      return { placeKind: 'video', place: location.roomPerCall ? `${location.url}${roomName()}` : location.url };
    case 'phone':
      return { placeKind: 'phone', place: location.phone };
    case 'address':
      return { placeKind: 'address', place: location.address };
  }
}

/** Where a booked call happens, as its visitor and the coach are told. */
export function placeOf(row: Pick<Booking, 'placeKind' | 'place'>): CallPlace | null {
  if (row.placeKind === null || row.place === null) return null;
  switch (row.placeKind) {
    case 'video':
      return { kind: 'video', url: row.place };
    case 'phone':
      return { kind: 'phone', phone: row.place };
    case 'address':
      return { kind: 'address', address: row.place };
  }
}

/** Whether two settings of "Where calls happen" are the same, whatever order their keys came in (jsonb sorts them). */
export const sameLocation = (a: CallLocation, b: CallLocation) => {
  const canonical = (location: CallLocation) => JSON.stringify(Object.entries(location).sort(([x], [y]) => x.localeCompare(y)));
  return canonical(a) === canonical(b);
};
