// A CalDAV calendar's conditional read (issue 34 §3) against a real Radicale server, seen through a
// loopback proxy that counts what the site asks: an unchanged calendar is asked only its ctag (one
// PROPFIND, no REPORT), its busy times kept; once an event is added the next read fetches the
// events again and stores the new busy time; once a day a read fetches in full whatever the ctag
// says. Runs on PGlite, and on Postgres with DATABASE_URL set.
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { busyBlocks, calendarAccounts, calendars } from '#db/schema.ts';
import type { CalendarsScreen } from '#src/schemas/calendars.ts';
import { sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { openAvailability } from '../helpers/open-availability.ts';
import { makeCalendar, putEvent, startDavProxy, startRadicale } from '../helpers/radicale.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { setSetting, slots } = setupBookingSite(db);
const admin = adminSession(db);

const USER = 'coach';
const PASSWORD = 'app-password-ctag';
const HOUR = 60 * 60 * 1000;
const KEY = Buffer.alloc(32, 6).toString('base64');

const tomorrow = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1));
const at = (hours: number) => new Date(tomorrow.getTime() + hours * HOUR);
const ics = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const event = (uid: string, start: Date, end: Date) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${ics(new Date())}`,
    `DTSTART:${ics(start)}`,
    `DTEND:${ics(end)}`,
    'SUMMARY:Private',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

let radicale: Awaited<ReturnType<typeof startRadicale>>;
let proxy: ReturnType<typeof startDavProxy>;
let workUrl: string;

beforeAll(async () => {
  radicale = await startRadicale({ [USER]: PASSWORD });
  proxy = startDavProxy(radicale);
  workUrl = await makeCalendar(radicale, USER, PASSWORD, 'work');
  // Tomorrow 09:00–10:00.
  await putEvent(workUrl, USER, PASSWORD, 'meeting.ics', event('meeting@test', at(9), at(10)));
}, 60_000);
afterAll(async () => {
  proxy?.stop();
  await radicale?.stop();
});

let undoEnv: () => void;
beforeEach(async () => {
  undoEnv = setEnv({ ENCRYPTION_KEY: KEY, CALENDAR_ALLOW_PRIVATE: '1', CALENDAR_TIMEOUT_MS: '3000' });
  await db().delete(calendarAccounts);
  await setSetting('bookingAvailability', openAvailability({ horizonDays: 3 }));
});
afterEach(() => undoEnv());

const send = async (method: 'POST' | 'PATCH', path: string, body: unknown = {}) => {
  const response = await sendJson(method, path, body, { headers: admin.headers() });
  return { status: response.status, body: (await response.json()) as CalendarsScreen };
};
const offered = async () => new Set((await slots()).slots.map((slot: { start: string }) => slot.start));
const stored = () => db().select({ start: busyBlocks.startsAt, end: busyBlocks.endsAt }).from(busyBlocks).orderBy(busyBlocks.startsAt);

test('an unchanged calendar is asked only its ctag and not read again; an added event is fetched and stored at the next read', async () => {
  const connected = await send('POST', '/api/admin/calendars/caldav', { serverUrl: proxy.url, username: USER, password: PASSWORD });
  expect(connected.status).toBe(201);
  const work = connected.body.accounts[0]!.calendars.find((calendar) => calendar.name === 'work')!;
  const read = (id = work.id) => send('POST', `/api/admin/calendars/${id}/read`);
  const calendarPath = new URL(workUrl).pathname;

  // Ticked: read in full (the events fetched with a REPORT).
  proxy.clear();
  const ticked = await send('PATCH', `/api/admin/calendars/${work.id}`, { blocksTime: true });
  expect(ticked.body.accounts[0]!.calendars.find((calendar) => calendar.id === work.id)).toMatchObject({ busyCount: 1, lastError: null });
  expect(proxy.count('REPORT')).toBeGreaterThanOrEqual(1);
  expect(await stored()).toEqual([{ start: at(9), end: at(10) }]);
  const [first] = await db().select().from(calendars).where(eq(calendars.id, work.id));
  expect(first!.version).toBeTruthy();

  // Unchanged: one PROPFIND for the ctag, at the calendar's own address, and no REPORT.
  proxy.clear();
  const again = await read();
  expect(again.status).toBe(200);
  expect(proxy.requests()).toEqual([{ method: 'PROPFIND', path: calendarPath }]);
  const [second] = await db().select().from(calendars).where(eq(calendars.id, work.id));
  expect(second).toMatchObject({ version: first!.version, busyCount: 1, lastError: null });
  expect(second!.readAt!.getTime()).toBeGreaterThan(first!.readAt!.getTime());
  expect(await stored()).toEqual([{ start: at(9), end: at(10) }]);
  expect((await offered()).has(at(9).toISOString())).toBe(false);

  // An event added in the calendar (not through the proxy): the ctag moves, the events are fetched again.
  expect((await offered()).has(at(14).toISOString())).toBe(true);
  await putEvent(workUrl, USER, PASSWORD, 'added.ics', event('added@test', at(14), at(15)));
  proxy.clear();
  const changed = await read();
  expect(changed.body.accounts[0]!.calendars.find((calendar) => calendar.id === work.id)).toMatchObject({ busyCount: 2, lastError: null });
  expect(proxy.count('REPORT')).toBeGreaterThanOrEqual(1);
  expect(await stored()).toEqual([
    { start: at(9), end: at(10) },
    { start: at(14), end: at(15) },
  ]);
  const [third] = await db().select().from(calendars).where(eq(calendars.id, work.id));
  expect(third!.version).not.toBe(first!.version);
  const after = await offered();
  expect(after.has(at(14).toISOString())).toBe(false);
  expect(after.has(at(14.5).toISOString())).toBe(false);
  expect(after.has(at(15).toISOString())).toBe(true);

  // Unchanged again: the ctag alone.
  proxy.clear();
  await read();
  expect(proxy.count('REPORT')).toBe(0);

  // A day after the last full read, the events are fetched whatever the ctag says (recurring events reach further).
  await db()
    .update(calendars)
    .set({ fullReadAt: new Date(Date.now() - 25 * HOUR) })
    .where(eq(calendars.id, work.id));
  proxy.clear();
  await read();
  expect(proxy.count('REPORT')).toBeGreaterThanOrEqual(1);
  const [full] = await db().select().from(calendars).where(eq(calendars.id, work.id));
  expect(full!.fullReadAt!.getTime()).toBeGreaterThan(Date.now() - HOUR);
  expect(full!.busyCount).toBe(2);
});
