import { and, asc, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { busyBlocks, type ConnectedCalendar, calendarAccounts, calendars, calendarWrites } from '#db/schema.ts';
import { CalendarFetchError, calendarUrl } from '#server/calendars/guarded-fetch.ts';
import { ENCRYPTION_KEY_MISSING, isEncryptionConfigured } from '#server/crypto/sealed-text.ts';
import { database } from '#server/db.ts';
import { badRequest, notFound } from '#server/errors.ts';
import {
  CALENDAR_NOT_FOUND,
  type CalendarsScreen,
  type CalendarView,
  type ConnectCalDavInput,
  type ConnectFeedInput,
  FEED_CANNOT_WRITE,
  type UpdateCalendarInput,
} from '#src/schemas/calendars.ts';
import { recordAudit } from '../audit.ts';
import { sealSecret } from './accounts-secret.ts';
import { callFeedSettings } from './call-feed.ts';
import { isStale, readCalendarNow } from './reading.ts';
import { CalendarError, listCalDavCalendars, readFeed } from './remote.ts';
import { queueUpcomingBookings } from './write-back.ts';

// Admin → Booking → Calendars (issue 34 §1): connect a feed or a CalDAV account, choose which
// calendars block time and which one bookings are written into, remove them. A connection is
// tried before it is saved, so a mistyped address or password is said at once; its secret is
// sealed and never leaves the server.

const iso = (date: Date | null) => date?.toISOString() ?? null;

const calendarView = (row: ConnectedCalendar, now: Date): CalendarView => ({
  id: row.id,
  name: row.name,
  blocksTime: row.blocksTime,
  writesBookings: row.writesBookings,
  // A feed has no address of its own to write to.
  writable: row.url !== null,
  readAt: iso(row.readAt),
  busyCount: row.busyCount,
  lastError: row.lastError,
  failingSince: iso(row.failingSince),
  stale: isStale(row, now),
});

function assertEncryption(): void {
  if (!isEncryptionConfigured()) throw badRequest(ENCRYPTION_KEY_MISSING);
}

/** The address the coach typed, checked; 400 with the reason in words. */
function checkedAddress(input: string): URL {
  try {
    return calendarUrl(input);
  } catch (error) {
    if (error instanceof CalendarFetchError) throw badRequest(error.message);
    throw error;
  }
}

/** Whatever a first try of a calendar said, as the coach's 400. */
async function tried<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof CalendarError) throw badRequest(`Could not read the calendar: ${error.message}`);
    throw error;
  }
}

export async function calendarsScreen(now = new Date()): Promise<CalendarsScreen> {
  const db = await database();
  const [accounts, rows, [pending], feed] = await Promise.all([
    db.select().from(calendarAccounts).orderBy(asc(calendarAccounts.id)),
    db.select().from(calendars).orderBy(asc(calendars.id)),
    db.select({ count: sql<number>`count(*)::int` }).from(calendarWrites).where(lt(calendarWrites.writtenVersion, calendarWrites.version)),
    callFeedSettings(),
  ]);
  return {
    encryption: isEncryptionConfigured(),
    accounts: accounts.map((account) => ({
      id: account.id,
      kind: account.kind,
      label: account.label,
      calendars: rows.filter((row) => row.accountId === account.id).map((row) => calendarView(row, now)),
    })),
    pendingWrites: pending?.count ?? 0,
    feed,
  };
}

/** Connects a feed by its secret address; it blocks time at once. */
export async function connectFeed(input: ConnectFeedInput): Promise<CalendarsScreen> {
  assertEncryption();
  const url = checkedAddress(input.url);
  await tried(() => readFeed(url.href, null));
  const db = await database();
  const calendarId = await db.transaction(async (tx) => {
    const [account] = await tx.insert(calendarAccounts).values({ kind: 'ics', label: url.hostname, secret: '' }).returning();
    await tx
      .update(calendarAccounts)
      .set({ secret: await sealSecret(account!.id, url.href) })
      .where(eq(calendarAccounts.id, account!.id));
    const [calendar] = await tx
      .insert(calendars)
      .values({ accountId: account!.id, name: input.name || url.hostname, blocksTime: true })
      .returning();
    await recordAudit(tx, {
      action: 'calendar.connected',
      target: { type: 'calendar_account', id: account!.id },
      details: { kind: 'ics', host: url.hostname },
    });
    return calendar!.id;
  });
  await readCalendarNow(calendarId);
  return calendarsScreen();
}

/** Connects a CalDAV account, listing its calendars; none blocks time until the coach ticks it. */
export async function connectCalDav(input: ConnectCalDavInput): Promise<CalendarsScreen> {
  assertEncryption();
  const server = checkedAddress(input.serverUrl);
  const found = await tried(() => listCalDavCalendars({ serverUrl: server.href, username: input.username, password: input.password }));
  const db = await database();
  await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(calendarAccounts)
      .values({
        kind: 'caldav',
        label: `${input.username} at ${server.hostname}`,
        serverUrl: server.href,
        username: input.username,
        secret: '',
      })
      .returning();
    await tx
      .update(calendarAccounts)
      .set({ secret: await sealSecret(account!.id, input.password) })
      .where(eq(calendarAccounts.id, account!.id));
    await tx.insert(calendars).values(found.map((calendar) => ({ accountId: account!.id, url: calendar.url, name: calendar.name })));
    await recordAudit(tx, {
      action: 'calendar.connected',
      target: { type: 'calendar_account', id: account!.id },
      details: { kind: 'caldav', host: server.hostname, calendars: found.length },
    });
  });
  return calendarsScreen();
}

/** Ticks or unticks a calendar's "blocks time", or makes it the one bookings are written into. */
export async function updateCalendar(id: number, input: UpdateCalendarInput, now = new Date()): Promise<CalendarsScreen> {
  const db = await database();
  const [calendar] = await db.select().from(calendars).where(eq(calendars.id, id));
  if (!calendar) throw notFound(CALENDAR_NOT_FOUND);
  if (input.writesBookings && !calendar.url) throw badRequest(FEED_CANNOT_WRITE);
  await db.transaction(async (tx) => {
    if (input.blocksTime !== undefined) {
      await tx.update(calendars).set({ blocksTime: input.blocksTime, nextReadAt: now }).where(eq(calendars.id, id));
      // Unticked, its busy times are not needed: keep no more of the coach's calendar than is used.
      if (!input.blocksTime) {
        await tx.delete(busyBlocks).where(eq(busyBlocks.calendarId, id));
        await tx
          .update(calendars)
          .set({ busyCount: 0, version: null, lastError: null, failingSince: null, failureMailedAt: null })
          .where(eq(calendars.id, id));
      }
    }
    if (input.writesBookings !== undefined) {
      if (input.writesBookings) await tx.update(calendars).set({ writesBookings: false }).where(ne(calendars.id, id));
      await tx.update(calendars).set({ writesBookings: input.writesBookings }).where(eq(calendars.id, id));
      if (input.writesBookings && !calendar.writesBookings) await queueUpcomingBookings(tx, now);
    }
  });
  if (input.blocksTime && !calendar.blocksTime) await readCalendarNow(id, now);
  return calendarsScreen(now);
}

/** Reads a calendar now, whatever its schedule (the coach's "Read now"). */
export async function readCalendarByCoach(id: number): Promise<CalendarsScreen> {
  const [calendar] = await (await database()).select({ id: calendars.id }).from(calendars).where(eq(calendars.id, id));
  if (!calendar) throw notFound(CALENDAR_NOT_FOUND);
  await readCalendarNow(id);
  return calendarsScreen();
}

/** Removes an account with its calendars, their busy times and their pending writes (events already written stay). */
export async function removeCalendarAccount(id: number): Promise<void> {
  await (await database()).transaction(async (tx) => {
    const [removed] = await tx.delete(calendarAccounts).where(eq(calendarAccounts.id, id)).returning();
    if (!removed) throw notFound(CALENDAR_NOT_FOUND);
    await recordAudit(tx, {
      action: 'calendar.removed',
      target: { type: 'calendar_account', id },
      details: { kind: removed.kind, label: removed.label },
    });
  });
}

/** Calendars that have failed to be read for longer than the site allows: the dashboard's warning. */
export async function staleCalendars(now = new Date()): Promise<CalendarView[]> {
  const failing = await (await database())
    .select()
    .from(calendars)
    .where(and(eq(calendars.blocksTime, true), isNotNull(calendars.failingSince)));
  return failing.map((row) => calendarView(row, now)).filter((calendar) => calendar.stale);
}
