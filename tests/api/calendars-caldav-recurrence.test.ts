// A weekly recurring event with an exception, on a real Radicale server (issue 34 §2 and its
// Tests): at 09:00 every week for four weeks from tomorrow, the second week taken off (EXDATE)
// and the third week's moved to 15:00 (a RECURRENCE-ID override in the same object). Connected and
// ticked, /book offers exactly what the calendar leaves free: the excluded week's 09:00 and the
// moved week's 09:00 are offered, the moved time is not. Runs on PGlite, and on Postgres with
// DATABASE_URL set.
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'bun:test';
import { busyBlocks, calendarAccounts } from '#db/schema.ts';
import type { CalendarsScreen } from '#src/schemas/calendars.ts';
import { sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { openAvailability } from '../helpers/open-availability.ts';
import { makeCalendar, putEvent, startRadicale } from '../helpers/radicale.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { setSetting, slots } = setupBookingSite(db);
const admin = adminSession(db);

const USER = 'coach';
const PASSWORD = 'app-password-weekly';
const HOUR = 60 * 60 * 1000;
const WEEK_HOURS = 7 * 24;
const KEY = Buffer.alloc(32, 4).toString('base64');

// Times from tomorrow's UTC midnight; week(n, h) is h o'clock, n weeks on. /book offers every half hour (UTC).
const tomorrow = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1));
const at = (hours: number) => new Date(tomorrow.getTime() + hours * HOUR);
const week = (n: number, hours: number) => at(n * WEEK_HOURS + hours);
const ics = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const WEEKLY = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//EN',
  'BEGIN:VEVENT',
  'UID:weekly@test',
  `DTSTAMP:${ics(new Date())}`,
  `DTSTART:${ics(week(0, 9))}`,
  `DTEND:${ics(week(0, 10))}`,
  'RRULE:FREQ=WEEKLY;COUNT=4',
  // The second week: cancelled.
  `EXDATE:${ics(week(1, 9))}`,
  'SUMMARY:Coaching supervision',
  'END:VEVENT',
  // The third week: moved to 15:00.
  'BEGIN:VEVENT',
  'UID:weekly@test',
  `DTSTAMP:${ics(new Date())}`,
  `RECURRENCE-ID:${ics(week(2, 9))}`,
  `DTSTART:${ics(week(2, 15))}`,
  `DTEND:${ics(week(2, 16))}`,
  'SUMMARY:Coaching supervision (moved)',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

let radicale: Awaited<ReturnType<typeof startRadicale>>;

beforeAll(async () => {
  radicale = await startRadicale({ [USER]: PASSWORD });
  const workUrl = await makeCalendar(radicale, USER, PASSWORD, 'work');
  await putEvent(workUrl, USER, PASSWORD, 'weekly.ics', WEEKLY);
}, 60_000);
afterAll(() => radicale?.stop());

let undoEnv: () => void;
beforeEach(async () => {
  undoEnv = setEnv({ ENCRYPTION_KEY: KEY, CALENDAR_ALLOW_PRIVATE: '1', CALENDAR_TIMEOUT_MS: '3000' });
  await db().delete(calendarAccounts);
  // Four weeks ahead and a day more: every occurrence is bookable time.
  await setSetting('bookingAvailability', openAvailability({ horizonDays: 4 * 7 + 1 }));
});
afterEach(() => undoEnv());

const send = async (method: 'POST' | 'PATCH', path: string, body: unknown = {}) => {
  const response = await sendJson(method, path, body, { headers: admin.headers() });
  return { status: response.status, body: (await response.json()) as CalendarsScreen };
};
const offered = async () => new Set((await slots()).slots.map((slot: { start: string }) => slot.start));
const halfHours = (from: Date, to: Date) => {
  const list: string[] = [];
  for (let time = from.getTime(); time < to.getTime(); time += HOUR / 2) list.push(new Date(time).toISOString());
  return list;
};

test('a weekly event with an EXDATE and a moved occurrence takes exactly its remaining times from /book', async () => {
  const before = await offered();
  // Every time this test speaks of is bookable before the calendar is connected.
  for (const time of [week(0, 9), week(1, 9), week(2, 9), week(2, 15), week(3, 9), week(3, 9.5)])
    expect(before.has(time.toISOString())).toBe(true);

  const connected = await send('POST', '/api/admin/calendars/caldav', { serverUrl: radicale.url, username: USER, password: PASSWORD });
  expect(connected.status).toBe(201);
  const work = connected.body.accounts[0]!.calendars.find((calendar) => calendar.name === 'work')!;
  const ticked = await send('PATCH', `/api/admin/calendars/${work.id}`, { blocksTime: true });
  expect(ticked.body.accounts[0]!.calendars[0]).toMatchObject({ blocksTime: true, busyCount: 3, lastError: null });

  // Three busy times: the first and fourth weeks at 09:00, the third week moved to 15:00.
  expect(await db().select({ start: busyBlocks.startsAt, end: busyBlocks.endsAt }).from(busyBlocks).orderBy(busyBlocks.startsAt)).toEqual([
    { start: week(0, 9), end: week(0, 10) },
    { start: week(2, 15), end: week(2, 16) },
    { start: week(3, 9), end: week(3, 10) },
  ]);

  const after = await offered();
  const gone = [...before].filter((start) => !after.has(start)).sort();
  expect(gone).toEqual([
    ...halfHours(week(0, 9), week(0, 10)),
    ...halfHours(week(2, 15), week(2, 16)),
    ...halfHours(week(3, 9), week(3, 10)),
  ]);
  // The excluded week's time is offered, and so is the moved occurrence's old time.
  expect(after.has(week(1, 9).toISOString())).toBe(true);
  expect(after.has(week(1, 9.5).toISOString())).toBe(true);
  expect(after.has(week(2, 9).toISOString())).toBe(true);
  expect(after.has(week(2, 9.5).toISOString())).toBe(true);
  // The moved occurrence's new time is not; the slots that only touch it are.
  expect(after.has(week(2, 15).toISOString())).toBe(false);
  expect(after.has(week(2, 15.5).toISOString())).toBe(false);
  expect(after.has(week(2, 14.5).toISOString())).toBe(true);
  expect(after.has(week(2, 16).toISOString())).toBe(true);
});
