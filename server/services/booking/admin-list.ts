import { and, asc, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { type Booking, bookings, calendarWrites, sessionTypes } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { type AdminBooking, BOOKINGS_PAGE_SIZE, type BookingsPage, type BookingsWhen } from '#src/schemas/booking.ts';
import { storedAnswers } from '#src/schemas/intake-answers.ts';
import type { PageQuery } from '#src/schemas/page.ts';
import { readPage } from '../paging.ts';
import { creditOfBooking } from '../practice/credits.ts';

/** A booking with its session type's name, and whether its event is still to be written into the coach's calendar. */
const withSession = {
  booking: bookings,
  session: sessionTypes.name,
  calendarPending: sql<boolean>`coalesce(${calendarWrites.writtenVersion} < ${calendarWrites.version}, false)`,
};

async function toAdminBooking({
  booking: row,
  session,
  calendarPending,
}: {
  booking: Booking;
  session: string;
  calendarPending: boolean;
}): Promise<AdminBooking> {
  return {
    id: row.id,
    session,
    clientId: row.clientId,
    noShow: row.noShowAt !== null,
    calendarPending,
    credit: (await creditOfBooking(await database(), row.id))?.state ?? null,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    name: row.name,
    email: row.email,
    topic: row.topic,
    answers: storedAnswers(row.answers),
    timeZone: row.timeZone,
    status: row.status,
    cancelledBy: row.cancelledBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Upcoming calls (confirmed, not yet over) soonest first; past and cancelled ones latest first; a page at a time. */
export async function listBookings(
  { when, page = 1, pageSize = BOOKINGS_PAGE_SIZE }: { when: BookingsWhen } & Partial<PageQuery>,
  now = new Date(),
): Promise<BookingsPage> {
  const db = await database();
  // A cancelled call is not upcoming, however far ahead it was: it belongs with the past ones.
  const where =
    when === 'upcoming'
      ? and(gte(bookings.endsAt, now), eq(bookings.status, 'confirmed'))
      : or(lt(bookings.endsAt, now), eq(bookings.status, 'cancelled'));
  return readPage(
    'bookings',
    { page, pageSize },
    async ({ limit, offset }) =>
      Promise.all(
        (
          await db
            .select(withSession)
            .from(bookings)
            .innerJoin(sessionTypes, eq(sessionTypes.id, bookings.sessionTypeId))
            .leftJoin(calendarWrites, eq(calendarWrites.bookingId, bookings.id))
            .where(where)
            .orderBy(when === 'upcoming' ? asc(bookings.startsAt) : desc(bookings.startsAt), asc(bookings.id))
            .limit(limit)
            .offset(offset)
        ).map(toAdminBooking),
      ),
    () => db.$count(bookings, where).then((n) => n),
  );
}

/** The dashboard's next call: the first confirmed one not yet over. */
export async function nextBooking(now = new Date()): Promise<AdminBooking | null> {
  const db = await database();
  const [row] = await db
    .select(withSession)
    .from(bookings)
    .innerJoin(sessionTypes, eq(sessionTypes.id, bookings.sessionTypeId))
    .leftJoin(calendarWrites, eq(calendarWrites.bookingId, bookings.id))
    .where(and(eq(bookings.status, 'confirmed'), gte(bookings.endsAt, now)))
    .orderBy(asc(bookings.startsAt))
    .limit(1);
  return row ? toAdminBooking(row) : null;
}

/** One booking as the admin reads it (after the coach's change to it). */
export async function adminBooking(id: number): Promise<AdminBooking> {
  const [row] = await (await database())
    .select(withSession)
    .from(bookings)
    .innerJoin(sessionTypes, eq(sessionTypes.id, bookings.sessionTypeId))
    .leftJoin(calendarWrites, eq(calendarWrites.bookingId, bookings.id))
    .where(eq(bookings.id, id));
  return toAdminBooking(row!);
}
