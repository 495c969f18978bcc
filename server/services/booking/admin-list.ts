import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import { type Booking, bookings } from '../../../db/schema.ts';
import type { AdminBooking } from '../../../src/schemas/booking.ts';
import { database } from '../../db.ts';

export const BOOKINGS_PAGE_SIZE = 20;

export const toAdminBooking = (row: Booking): AdminBooking => ({
  id: row.id,
  start: row.startsAt.toISOString(),
  end: row.endsAt.toISOString(),
  name: row.name,
  email: row.email,
  topic: row.topic,
  timeZone: row.timeZone,
  status: row.status,
  cancelledBy: row.cancelledBy,
  createdAt: row.createdAt.toISOString(),
});

export interface BookingsPage {
  bookings: AdminBooking[];
  total: number;
  page: number;
  pageSize: number;
}

/** Upcoming calls soonest first, past ones latest first; a page at a time. */
export async function listBookings(when: 'upcoming' | 'past', page: number, now = new Date()): Promise<BookingsPage> {
  const db = await database();
  const where = when === 'upcoming' ? gte(bookings.endsAt, now) : lt(bookings.endsAt, now);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bookings)
      .where(where)
      .orderBy(when === 'upcoming' ? asc(bookings.startsAt) : desc(bookings.startsAt), asc(bookings.id))
      .limit(BOOKINGS_PAGE_SIZE)
      .offset((page - 1) * BOOKINGS_PAGE_SIZE),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { bookings: rows.map(toAdminBooking), total: total?.n ?? 0, page, pageSize: BOOKINGS_PAGE_SIZE };
}

/** The dashboard's next call: the first confirmed one not yet over. */
export async function nextBooking(now = new Date()): Promise<AdminBooking | null> {
  const db = await database();
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), gte(bookings.endsAt, now)))
    .orderBy(asc(bookings.startsAt))
    .limit(1);
  return row ? toAdminBooking(row) : null;
}
