import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { type Booking, bookings, calendars, calendarWrites } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { env } from '#server/env.ts';
import { log } from '#server/log.ts';
import { retryDelayMs } from '#server/mail/delivery.ts';
import { accountOf, calDavLogin } from './accounts-secret.ts';
import { bookingEvent } from './booking-event.ts';
import { inWords, writeEvent } from './remote.ts';

// Bookings written into the coach's chosen calendar (issue 34 §4), a durable job per booking: the
// booking's transaction raises its row's version, so a booking and its job commit together; a
// writer claims a lagging row with a lease and writes the booking as it is then. The event's
// address comes from the booking's UID, so a retry after a crash, or two instances, write the same
// event again rather than a copy. A lease outlasts any one request (three timeouts), so the first
// writer has given up before another may claim the row.

/** Marks that the booking's event needs writing (booked, moved, its place changed, cancelled), in the booking's transaction. */
export async function queueCalendarWrite(tx: Database, booking: Pick<Booking, 'id' | 'uid'>): Promise<void> {
  const [existing] = await tx
    .update(calendarWrites)
    .set({ version: sql`${calendarWrites.version} + 1`, attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
    .where(eq(calendarWrites.bookingId, booking.id))
    .returning({ bookingId: calendarWrites.bookingId });
  if (existing) return;
  const [target] = await tx.select().from(calendars).where(eq(calendars.writesBookings, true));
  if (!target?.url) return;
  await tx.insert(calendarWrites).values({ bookingId: booking.id, calendarId: target.id, href: eventAddress(target.url, booking.uid) });
}

/** The address of a booking's event in a calendar: its UID, made safe for a path. */
export function eventAddress(calendarUrl: string, uid: string): string {
  const base = calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/`;
  return new URL(`${uid.replace(/[^A-Za-z0-9._-]/g, '_')}.ics`, base).href;
}

/** The coach chose a calendar to write into: every confirmed booking still ahead goes there too. */
export async function queueUpcomingBookings(tx: Database, now: Date): Promise<void> {
  const upcoming = await tx
    .select({ id: bookings.id, uid: bookings.uid })
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), gt(bookings.endsAt, now)));
  for (const booking of upcoming) await queueCalendarWrite(tx, booking);
}

const leaseMs = () => 3 * env().CALENDAR_TIMEOUT_MS;

const due = and(
  lt(calendarWrites.writtenVersion, calendarWrites.version),
  lte(calendarWrites.nextAttemptAt, sql`now()`),
  or(isNull(calendarWrites.leaseUntil), lte(calendarWrites.leaseUntil, sql`now()`)),
);

async function claimDueWrite() {
  const db = await database();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ bookingId: calendarWrites.bookingId })
      .from(calendarWrites)
      .where(due)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return undefined;
    const [claimed] = await tx
      .update(calendarWrites)
      .set({ attempts: sql`${calendarWrites.attempts} + 1`, leaseUntil: sql`now() + ${`${leaseMs()} milliseconds`}::interval` })
      .where(eq(calendarWrites.bookingId, row.bookingId))
      .returning();
    return claimed;
  });
}

/** Writes one due event, if any is; the number written or tried (for repeat()). */
export async function writeDueEvents(): Promise<number> {
  const claimed = await claimDueWrite();
  if (!claimed) return 0;
  const db = await database();
  const ours = and(eq(calendarWrites.bookingId, claimed.bookingId), eq(calendarWrites.attempts, claimed.attempts));
  try {
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, claimed.bookingId));
    const [calendar] = await db.select().from(calendars).where(eq(calendars.id, claimed.calendarId));
    const account = calendar && (await accountOf(db, calendar.accountId));
    if (!booking || !account) return 1;
    await writeEvent(await calDavLogin(account), claimed.href, booking.status === 'confirmed' ? await bookingEvent(db, booking) : null);
    // Written as the booking was at the claim's version or later: a change since raised the version again.
    await db.update(calendarWrites).set({ writtenVersion: claimed.version, leaseUntil: null, lastError: null }).where(ours);
  } catch (error) {
    const words = inWords(error);
    log('warn', 'calendar_write_failed', { booking: claimed.bookingId, error: words });
    await db
      .update(calendarWrites)
      .set({
        leaseUntil: null,
        lastError: words,
        nextAttemptAt: sql`now() + ${`${retryDelayMs(claimed.attempts)} milliseconds`}::interval`,
      })
      .where(ours);
  }
  return 1;
}
