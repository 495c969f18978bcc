import { adminApi, call } from '#src/lib/api-client.ts';
import type { Availability, BookingsWhen } from '#src/schemas/booking.ts';

/** One page of calls, upcoming soonest first or past latest first. */
export const fetchBookings = (when: BookingsWhen, page: number) => call(adminApi.bookings.$get({ query: { when, page: String(page) } }));

export const cancelBooking = (id: number, message: string) =>
  call(adminApi.bookings[':id'].cancel.$post({ param: { id: String(id) }, json: { message } }));

export const saveAvailability = (availability: Availability) => call(adminApi.booking.availability.$put({ json: availability }));
