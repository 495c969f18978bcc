import { adminApi, call } from '#src/lib/api-client.ts';
import type { Availability, BookingsWhen } from '#src/schemas/booking.ts';

/** One page of calls, upcoming soonest first or past latest first. */
export const fetchBookings = (when: BookingsWhen, page: number) => call(adminApi.bookings.$get({ query: { when, page: String(page) } }));

export const cancelBooking = (id: number, message: string) =>
  call(adminApi.bookings[':id'].cancel.$post({ param: { id: String(id) }, json: { message } }));

export const saveAvailability = (availability: Availability) => call(adminApi.booking.availability.$put({ json: availability }));

/** Issue 35 §4: the client did not come (after the start): the credit stays used. */
export const markNoShow = (id: number, reason: string) =>
  call(adminApi.bookings[':id']['no-show'].$post({ param: { id: String(id) }, json: { reason } }));
/** The coach's override: a used or forfeited credit goes back, with the reason. */
export const returnCredit = (id: number, reason: string) =>
  call(adminApi.bookings[':id']['return-credit'].$post({ param: { id: String(id) }, json: { reason } }));
