import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { busyBlocks, type ConnectedCalendar, calendars, users } from '#db/schema.ts';
import { busyRanges } from '#server/calendars/ics-busy.ts';
import { database } from '#server/db.ts';
import { env } from '#server/env.ts';
import { calendarUnreadableEmail } from '#server/mail/calendar-templates.ts';
import { enqueueEmail } from '#server/mail/outbox.ts';
import { siteConfig } from '#src/config/site.ts';
import { readAvailability } from '../booking/availability.ts';
import { coachAddress } from '../coach-address.ts';
import { mailBrand } from '../settings.ts';
import { accountOf, calDavLogin, openSecret } from './accounts-secret.ts';
import { inWords, type RemoteRead, readCalDavCalendar, readFeed } from './remote.ts';

// The background reader (issue 34 §3): each calendar that blocks time is read once per interval
// across every instance (a claim moves its next read one interval on, under SKIP LOCKED), its
// busy times replace the ones it gave before, and a failure is kept in words. Booking never waits
// for it: slots read the blocks it left in the database.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Even an unchanged calendar is read in full once a day: its recurring events reach further as days pass. */
const FULL_READ_EVERY_MS = DAY_MS;
const INSERT_BATCH = 1_000;

const later = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;

/** Claims the calendar read longest ago among those due, moving its next read one interval on. */
async function claimDueCalendar(): Promise<ConnectedCalendar | undefined> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: calendars.id })
      .from(calendars)
      .where(and(eq(calendars.blocksTime, true), lte(calendars.nextReadAt, sql`now()`)))
      .orderBy(asc(calendars.nextReadAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(calendars)
      .set({ nextReadAt: later(env().CALENDAR_READ_INTERVAL_MS) })
      .where(eq(calendars.id, due.id))
      .returning();
    return claimed;
  });
}

/** Reads one due calendar, if any is; the number read (for repeat()). */
export async function readDueCalendars(now = new Date()): Promise<number> {
  const calendar = await claimDueCalendar();
  if (!calendar) return 0;
  await readCalendar(calendar, now);
  return 1;
}

/** Reads a calendar now (the coach connected or ticked it, or asked), and moves its next read one interval on. */
export async function readCalendarNow(id: number, now = new Date()): Promise<void> {
  const db = await database();
  const [calendar] = await db
    .update(calendars)
    .set({ nextReadAt: later(env().CALENDAR_READ_INTERVAL_MS) })
    .where(eq(calendars.id, id))
    .returning();
  if (calendar) await readCalendar(calendar, now);
}

/** Addresses that are the coach's own: an event they declined there is not busy. */
async function coachEmails(username: string | null): Promise<string[]> {
  const db = await database();
  const [brand, admins] = await Promise.all([mailBrand(), db.select({ email: users.email }).from(users)]);
  const contact = await coachAddress(db, brand);
  return [...new Set([contact, username, ...admins.map((admin) => admin.email)])]
    .filter((email): email is string => !!email && email.includes('@'))
    .map((email) => email.toLowerCase());
}

/** The events the site wrote itself (bookings, issue 34 §4): the booking already keeps its time. */
function ownEvents(): (uid: string) => boolean {
  const suffix = `@${new URL(siteConfig().url).hostname}`;
  return (uid) => uid.startsWith('booking-') && uid.endsWith(suffix);
}

async function readCalendar(calendar: ConnectedCalendar, now: Date): Promise<void> {
  const db = await database();
  const account = await accountOf(db, calendar.accountId);
  if (!account) return;
  const availability = await readAvailability();
  // The bookable window and a week more, from a day back (a call today may meet a block begun yesterday).
  const window = { start: new Date(now.getTime() - DAY_MS), end: new Date(now.getTime() + (availability.horizonDays + 7) * DAY_MS) };
  const fullReadDue = !calendar.fullReadAt || now.getTime() - calendar.fullReadAt.getTime() >= FULL_READ_EVERY_MS;
  const version = fullReadDue ? null : calendar.version;
  let read: RemoteRead;
  let ranges: { start: Date; end: Date }[] = [];
  try {
    read =
      account.kind === 'ics'
        ? await readFeed(await openSecret(account), version)
        : await readCalDavCalendar(await calDavLogin(account), calendar.url!, version, window);
    if (read.changed) {
      ranges = busyRanges(read.data, {
        window,
        coachTimeZone: availability.timeZone,
        coachEmails: await coachEmails(account.username),
        skipUid: ownEvents(),
      });
    }
  } catch (error) {
    await recordFailure(calendar, inWords(error), now);
    return;
  }
  const healthy = { readAt: now, lastError: null, failingSince: null, failureMailedAt: null };
  if (!read.changed) {
    await db.update(calendars).set(healthy).where(eq(calendars.id, calendar.id));
    return;
  }
  await db.transaction(async (tx) => {
    await tx.delete(busyBlocks).where(eq(busyBlocks.calendarId, calendar.id));
    for (let from = 0; from < ranges.length; from += INSERT_BATCH) {
      await tx
        .insert(busyBlocks)
        .values(
          ranges.slice(from, from + INSERT_BATCH).map((range) => ({ calendarId: calendar.id, startsAt: range.start, endsAt: range.end })),
        );
    }
    await tx
      .update(calendars)
      .set({ ...healthy, version: read.version, fullReadAt: now, busyCount: ranges.length })
      .where(eq(calendars.id, calendar.id));
  });
}

/**
 * Keeps the error (and the busy times the calendar gave before: stale blocks are better than
 * none), and tells the coach once when reads have failed for longer than CALENDAR_STALE_AFTER_MS:
 * the conditional update lets one instance, once, queue the email.
 */
async function recordFailure(calendar: ConnectedCalendar, error: string, now: Date): Promise<void> {
  const db = await database();
  const [failing] = await db
    .update(calendars)
    .set({ lastError: error, failingSince: sql`coalesce(${calendars.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(calendars.id, calendar.id))
    .returning();
  if (!failing?.failingSince || now.getTime() - failing.failingSince.getTime() < env().CALENDAR_STALE_AFTER_MS) return;
  const [brand, availability] = await Promise.all([mailBrand(), readAvailability()]);
  await db.transaction(async (tx) => {
    const [toTell] = await tx
      .update(calendars)
      .set({ failureMailedAt: now })
      .where(and(eq(calendars.id, calendar.id), isNull(calendars.failureMailedAt)))
      .returning();
    const coach = toTell && (await coachAddress(tx, brand));
    if (!coach) return;
    await enqueueEmail(tx, {
      kind: 'calendar_unreadable',
      to: coach,
      ...calendarUnreadableEmail(brand, { name: toTell.name, error, since: toTell.failingSince! }, availability.timeZone),
    });
  });
}

/** Whether a calendar has failed to be read for longer than the site allows (the admin's warning). */
export const isStale = (calendar: Pick<ConnectedCalendar, 'failingSince' | 'blocksTime'>, now: Date) =>
  calendar.blocksTime && calendar.failingSince !== null && now.getTime() - calendar.failingSince.getTime() >= env().CALENDAR_STALE_AFTER_MS;
