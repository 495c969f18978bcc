import { api } from '../../lib/api-client.ts';
import type { AdminBooking, Availability } from '../../schemas/booking.ts';

export type BookingsWhen = 'upcoming' | 'past';

/** GET /api/admin/bookings: one page of calls, upcoming soonest first or past latest first. */
export interface BookingsPage {
  bookings: AdminBooking[];
  total: number;
  page: number;
  pageSize: number;
}

export const fetchBookings = (when: BookingsWhen, page: number) =>
  api.get<BookingsPage>(`/api/admin/bookings?${new URLSearchParams({ when, page: String(page) })}`);

export const cancelBooking = (id: number, message: string) => api.post<AdminBooking>(`/api/admin/bookings/${id}/cancel`, { message });

export const saveAvailability = (availability: Availability) => api.put<Availability>('/api/admin/booking/availability', availability);
