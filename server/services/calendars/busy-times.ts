import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { busyBlocks, calendars } from '#db/schema.ts';
import type { TimeRange } from '../booking/slots.ts';

// The coach's busy times as the booking code sees them (issue 34 §2): blocks read from the
// calendars that block time, cached in the database by the reader, so a booking never waits on a
// remote server.

const DAY_MS = 24 * 60 * 60 * 1000;

const blocking = (db: Database) =>
  db
    .select({ start: busyBlocks.startsAt, end: busyBlocks.endsAt })
    .from(busyBlocks)
    .innerJoin(calendars, and(eq(calendars.id, busyBlocks.calendarId), eq(calendars.blocksTime, true)));

/** Busy times that may touch the bookable window from `now` on. */
export function busyTimesFrom(db: Database, now: Date): Promise<TimeRange[]> {
  return blocking(db).where(gt(busyBlocks.endsAt, new Date(now.getTime() - DAY_MS)));
}

/** Busy times overlapping [from, to) (a session widened by its buffer). */
export function busyTimesBetween(db: Database, from: Date, to: Date): Promise<TimeRange[]> {
  return blocking(db).where(and(gt(busyBlocks.endsAt, from), lt(busyBlocks.startsAt, to)));
}
