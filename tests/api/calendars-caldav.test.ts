// A CalDAV account (issue 34) against a real Radicale server on a loopback port: a wrong password
// is refused in words; connecting lists the account's calendars, none blocking until ticked; a
// ticked calendar's events (single, daily with an exception, all-day, transparent, in another
// zone) take exactly their slots from /book; with a calendar chosen for bookings, a booking is
// written there under the invitation's UID, moved with it, deleted when cancelled, and never read
// back as busy; a server that is down leaves the write pending with its error. Runs on PGlite, and
// on Postgres with DATABASE_URL set.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { bookings, calendarAccounts, calendarWrites } from '#db/schema.ts';
import { writeDueEvents } from '#server/services/calendars/write-back.ts';
import type { CalendarsScreen } from '#src/schemas/calendars.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { manageTokenIn, setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { openAvailability } from '../helpers/open-availability.ts';
import { makeCalendar, putEvent, startRadicale } from '../helpers/radicale.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { setSetting, slots, book, outbox } = setupBookingSite(db);
const admin = adminSession(db);

const USER = 'coach';
const PASSWORD = 'app-password-1234';
const HOUR = 60 * 60 * 1000;
const KEY = Buffer.alloc(32, 5).toString('base64');

let radicale: Awaited<ReturnType<typeof startRadicale>>;
let workUrl: string;
let birthdaysUrl: string;

// Times from tomorrow's UTC midnight; /book offers every half hour of three days (UTC).
const tomorrow = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1));
const at = (hours: number) => new Date(tomorrow.getTime() + hours * HOUR);
const ics = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const day = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');
/** A wall-clock time in New York as TZID text (no VTIMEZONE: the IANA name alone). */
const newYork = (date: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/New_York', dateStyle: 'short', timeStyle: 'medium' })
    .format(date)
    .replace(/[-:]/g, '')
    .replace(' ', 'T');

const event = (uid: string, lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${ics(new Date())}`,
    'SUMMARY:Private',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

beforeAll(async () => {
  radicale = await startRadicale({ [USER]: PASSWORD });
  workUrl = await makeCalendar(radicale, USER, PASSWORD, 'work');
  birthdaysUrl = await makeCalendar(radicale, USER, PASSWORD, 'birthdays');
  // Tomorrow 09:00–10:00: a board meeting.
  await putEvent(workUrl, USER, PASSWORD, 'single.ics', event('single@test', [`DTSTART:${ics(at(9))}`, `DTEND:${ics(at(10))}`]));
  // Every day at 13:00 for three days, but not the second: a lunch.
  await putEvent(
    workUrl,
    USER,
    PASSWORD,
    'daily.ics',
    event('daily@test', [`DTSTART:${ics(at(13))}`, `DTEND:${ics(at(14))}`, 'RRULE:FREQ=DAILY;COUNT=3', `EXDATE:${ics(at(37))}`]),
  );
  // The day after tomorrow, all day: a holiday (the coach's zone is UTC).
  await putEvent(
    workUrl,
    USER,
    PASSWORD,
    'holiday.ics',
    event('holiday@test', [`DTSTART;VALUE=DATE:${day(at(48))}`, `DTEND;VALUE=DATE:${day(at(72))}`]),
  );
  // Marked free: blocks nothing.
  await putEvent(
    workUrl,
    USER,
    PASSWORD,
    'free.ics',
    event('free@test', [`DTSTART:${ics(at(16))}`, `DTEND:${ics(at(17))}`, 'TRANSP:TRANSPARENT']),
  );
  // 20:00–21:00 UTC tomorrow, written in New York's wall clock.
  await putEvent(
    workUrl,
    USER,
    PASSWORD,
    'new-york.ics',
    event('ny@test', [`DTSTART;TZID=America/New_York:${newYork(at(20))}`, `DTEND;TZID=America/New_York:${newYork(at(21))}`]),
  );
  await putEvent(birthdaysUrl, USER, PASSWORD, 'birthday.ics', event('bday@test', [`DTSTART:${ics(at(11))}`, `DTEND:${ics(at(12))}`]));
}, 60_000);
afterAll(() => radicale?.stop());

let undoEnv: () => void;
beforeEach(async () => {
  undoEnv = setEnv({ ENCRYPTION_KEY: KEY, CALENDAR_ALLOW_PRIVATE: '1', CALENDAR_TIMEOUT_MS: '3000', OUTBOX_RETRY_BASE_MS: '60000' });
  await db().delete(calendarAccounts);
  await setSetting('bookingAvailability', openAvailability({ horizonDays: 3 }));
});
afterEach(() => undoEnv());

const send = async (method: 'POST' | 'PATCH', path: string, body: unknown = {}) => {
  const response = await sendJson(method, path, body, { headers: admin.headers() });
  return { status: response.status, body: await response.json() };
};
const offered = async () => new Set((await slots()).slots.map((slot: { start: string }) => slot.start));
const connect = async (): Promise<CalendarsScreen> => {
  const connected = await send('POST', '/api/admin/calendars/caldav', { serverUrl: radicale.url, username: USER, password: PASSWORD });
  expect(connected.status).toBe(201);
  return connected.body;
};
const calendarNamed = (screen: CalendarsScreen, name: string) => screen.accounts[0]!.calendars.find((calendar) => calendar.name === name)!;
const fetchEvent = (href: string) => fetch(href, { headers: { Authorization: `Basic ${btoa(`${USER}:${PASSWORD}`)}` } });

test('a wrong app password is refused with the server’s answer in words, and nothing is stored', async () => {
  const refused = await send('POST', '/api/admin/calendars/caldav', { serverUrl: radicale.url, username: USER, password: 'wrong' });
  expect(refused).toEqual({
    status: 400,
    body: { message: 'Could not read the calendar: The server answered 401: check the user name and app password' },
  });
  expect(await db().select().from(calendarAccounts)).toEqual([]);
});

test('connecting lists the calendars, none blocking; a ticked one takes exactly its busy times from /book', async () => {
  const before = await offered();
  const screen = await connect();
  expect(screen.accounts[0]!.label).toBe(`${USER} at 127.0.0.1`);
  expect(screen.accounts[0]!.calendars.map((calendar) => [calendar.name, calendar.blocksTime, calendar.writable]).sort()).toEqual([
    ['birthdays', false, true],
    ['work', false, true],
  ]);
  expect(await offered()).toEqual(before);
  // The password is never shown again.
  expect(JSON.stringify(screen)).not.toContain(PASSWORD);

  const work = calendarNamed(screen, 'work');
  const ticked = await send('PATCH', `/api/admin/calendars/${work.id}`, { blocksTime: true });
  expect(calendarNamed(ticked.body, 'work')).toMatchObject({ blocksTime: true, lastError: null });
  const after = await offered();
  const gone = [...before].filter((start) => !after.has(start)).sort();
  const halfHours = (from: Date, to: Date) => {
    const list: string[] = [];
    for (let time = from.getTime(); time < to.getTime(); time += HOUR / 2) list.push(new Date(time).toISOString());
    return list;
  };
  // Tomorrow's meeting, lunch and New York call; the holiday takes the whole day after (with its
  // lunch); the lunch between is an exception (EXDATE) and stays free.
  expect(gone).toEqual(
    [...halfHours(at(9), at(10)), ...halfHours(at(13), at(14)), ...halfHours(at(20), at(21)), ...halfHours(at(48), at(72))]
      .filter((start) => before.has(start))
      .sort(),
  );
  expect(after.has(at(37).toISOString())).toBe(true);
  expect(after.has(at(16).toISOString())).toBe(true);
  // The birthdays calendar is not ticked: its 11:00 stays free.
  expect(after.has(at(11).toISOString())).toBe(true);
});

describe('bookings written into the chosen calendar', () => {
  test('booked, moved and cancelled: the event follows under the invitation’s UID, and is not read back as busy', async () => {
    const screen = await connect();
    const work = calendarNamed(screen, 'work');
    const busyBefore = calendarNamed((await send('PATCH', `/api/admin/calendars/${work.id}`, { blocksTime: true })).body, 'work').busyCount;
    expect(
      calendarNamed((await send('PATCH', `/api/admin/calendars/${work.id}`, { writesBookings: true })).body, 'work').writesBookings,
    ).toBe(true);

    const booked = await book({ start: at(15).toISOString() });
    expect(booked.status).toBe(201);
    const [row] = await db().select().from(bookings);
    const [pending] = await db().select().from(calendarWrites);
    expect(pending).toMatchObject({ bookingId: row!.id, calendarId: work.id, version: 1, writtenVersion: 0 });
    const list = await (await request('/api/admin/bookings?when=upcoming', { headers: admin.headers() })).json();
    expect(list.bookings[0].calendarPending).toBe(true);

    expect(await writeDueEvents()).toBe(1);
    expect(await writeDueEvents()).toBe(0);
    const written = await fetchEvent(pending!.href);
    expect(written.status).toBe(200);
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(await written.text())).getFirstSubcomponent('vevent')!);
    expect(vevent.uid).toBe(row!.uid);
    expect(vevent.startDate.toJSDate().toISOString()).toBe(at(15).toISOString());
    expect(vevent.summary).toBe('Intro call: Grace Hopper');
    expect(vevent.attendees).toEqual([]);
    expect((await db().select().from(calendarWrites))[0]).toMatchObject({ writtenVersion: 1, lastError: null, leaseUntil: null });
    const listed = await (await request('/api/admin/bookings?when=upcoming', { headers: admin.headers() })).json();
    expect(listed.bookings[0].calendarPending).toBe(false);

    // Read back, the site's own event is not a busy time: the calendar gives what it gave before.
    const read = await send('POST', `/api/admin/calendars/${work.id}/read`);
    expect(calendarNamed(read.body, 'work')).toMatchObject({ busyCount: busyBefore, lastError: null });
    expect((await offered()).has(at(15).toISOString())).toBe(false);

    const token = manageTokenIn((await outbox())[0]!.text);
    const moved = await sendJson('POST', '/api/bookings/manage/reschedule', { token, start: at(17).toISOString() });
    expect(moved.status).toBe(200);
    expect(await writeDueEvents()).toBe(1);
    const movedEvent = new ICAL.Event(
      new ICAL.Component(ICAL.parse(await (await fetchEvent(pending!.href)).text())).getFirstSubcomponent('vevent')!,
    );
    expect(movedEvent.startDate.toJSDate().toISOString()).toBe(at(17).toISOString());
    expect(movedEvent.sequence).toBe(1);

    const cancelled = await sendJson('POST', '/api/bookings/manage/cancel', { token });
    expect(cancelled.status).toBe(200);
    expect(await writeDueEvents()).toBe(1);
    expect((await fetchEvent(pending!.href)).status).toBe(404);
    expect((await db().select().from(calendarWrites))[0]).toMatchObject({ version: 3, writtenVersion: 3 });
  });

  test('choosing the calendar writes the upcoming bookings; a server that is down leaves them pending with the reason', async () => {
    const booked = await book({ start: at(15).toISOString() });
    expect(booked.status).toBe(201);
    expect(await db().select().from(calendarWrites)).toEqual([]);
    const work = calendarNamed(await connect(), 'work');
    await send('PATCH', `/api/admin/calendars/${work.id}`, { writesBookings: true });
    const [queued] = await db().select().from(calendarWrites);
    expect(queued).toMatchObject({ writtenVersion: 0, version: 1 });

    // The account's password changed at the server: the write fails, is kept, and waits to be retried.
    await db().update(calendarAccounts).set({ username: 'nobody' });
    expect(await writeDueEvents()).toBe(1);
    const [failed] = await db().select().from(calendarWrites);
    expect(failed).toMatchObject({
      writtenVersion: 0,
      attempts: 1,
      lastError: 'The server answered 401: check the user name and app password',
      leaseUntil: null,
    });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await writeDueEvents()).toBe(0);
    const screen = (await (await request('/api/admin/calendars', { headers: admin.headers() })).json()) as CalendarsScreen;
    expect(screen.pendingWrites).toBe(1);

    await db().update(calendarAccounts).set({ username: USER });
    await db().update(calendarWrites).set({ nextAttemptAt: new Date() }).where(eq(calendarWrites.bookingId, queued!.bookingId));
    expect(await writeDueEvents()).toBe(1);
    expect((await fetchEvent(queued!.href)).status).toBe(200);
    await sendJson('POST', '/api/bookings/manage/cancel', { token: manageTokenIn((await outbox())[0]!.text) });
    expect(await writeDueEvents()).toBe(1);
  });
});
