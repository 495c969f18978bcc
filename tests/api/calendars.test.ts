// The coach's calendar feeds (issue 34) through the admin API, against a real feed on a loopback
// port: connecting tries the feed first and seals its address; its busy times leave /book, a
// reschedule and the booking write itself; reads are conditional; every kind of failure is kept in
// words while booking goes on, and one email goes after the allowed period (so does a loopback
// address once CALENDAR_ALLOW_PRIVATE is off, before any request); two readers at once read once;
// the private feed of calls, upcoming and of the last 30 days. Runs on PGlite, and on Postgres
// with DATABASE_URL set.
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { bookings, busyBlocks, calendarAccounts, calendars } from '#db/schema.ts';
import { PRIVATE_ADDRESS } from '#server/calendars/guarded-fetch.ts';
import { busyRanges } from '#server/calendars/ics-busy.ts';
import { ENCRYPTION_KEY_MISSING } from '#server/crypto/sealed-text.ts';
import { SLOT_BUSY_MESSAGE } from '#server/services/booking/calls.ts';
import { staleCalendars } from '#server/services/calendars/accounts.ts';
import { FEED_NOT_FOUND } from '#server/services/calendars/call-feed.ts';
import { readDueCalendars } from '#server/services/calendars/reading.ts';
import { rotateEncryptionKey } from '#server/services/encryption-rotation.ts';
import { CALENDAR_NOT_FOUND, type CalendarsScreen, FEED_CANNOT_WRITE } from '#src/schemas/calendars.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { manageTokenIn, setupBookingSite } from '../helpers/booking.ts';
import { icsOf, startCalendarFeed } from '../helpers/calendar-server.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { openAvailability } from '../helpers/open-availability.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { setSetting, slots, book, outbox } = setupBookingSite(db);
const admin = adminSession(db);
const feed = startCalendarFeed();
afterAll(() => feed.stop());

const KEY_A = Buffer.alloc(32, 7).toString('base64');
const KEY_B = Buffer.alloc(32, 9).toString('base64');
const HOUR = 60 * 60 * 1000;

// Tomorrow 10:00–11:00 UTC: the coach is at the dentist. /book offers every half hour, all day (UTC).
const tomorrow = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1));
const at = (hours: number) => new Date(tomorrow.getTime() + hours * HOUR);
const DENTIST = { start: at(10), end: at(11) };

const send = async (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: unknown = {}) => {
  const response = await sendJson(method, path, body, { headers: admin.headers() });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
};
const screen = async (): Promise<CalendarsScreen> => (await request('/api/admin/calendars', { headers: admin.headers() })).json();
const offered = async () => new Set((await slots()).slots.map((slot: { start: string }) => slot.start));
const readNow = (id: number) => send('POST', `/api/admin/calendars/${id}/read`);

let undoEnv: () => void;
beforeEach(async () => {
  undoEnv = setEnv({
    ENCRYPTION_KEY: KEY_A,
    ENCRYPTION_KEY_PREVIOUS: undefined,
    CALENDAR_ALLOW_PRIVATE: '1',
    CALENDAR_TIMEOUT_MS: '400',
    CALENDAR_MAX_BYTES: '100000',
    CALENDAR_STALE_AFTER_MS: '600000',
  });
  await db().delete(calendarAccounts);
  feed.serve(icsOf([DENTIST]));
  feed.clearRequests();
});
afterEach(() => undoEnv());

/** Connects the feed; the calendar's id. */
async function connect(name?: string): Promise<number> {
  const connected = await send('POST', '/api/admin/calendars/feeds', { url: feed.url, ...(name ? { name } : {}) });
  expect(connected.status).toBe(201);
  return connected.body.accounts[0].calendars[0].id;
}

describe('connecting a feed', () => {
  test('without ENCRYPTION_KEY nothing is stored, and the answer says how to set it', async () => {
    setEnv({ ENCRYPTION_KEY: undefined });
    expect(await send('POST', '/api/admin/calendars/feeds', { url: feed.url })).toEqual({
      status: 400,
      body: { message: ENCRYPTION_KEY_MISSING },
    });
    expect(await db().select().from(calendarAccounts)).toEqual([]);
    expect(feed.requests()).toHaveLength(0);
  });

  test('a loopback address is refused unless CALENDAR_ALLOW_PRIVATE=1, before any request', async () => {
    setEnv({ CALENDAR_ALLOW_PRIVATE: undefined });
    const refused = await send('POST', '/api/admin/calendars/feeds', { url: feed.url });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toStartWith('Could not read the calendar: ');
    expect(refused.body.message).toContain('private');
    expect(feed.requests()).toHaveLength(0);
    expect(await db().select().from(calendarAccounts)).toEqual([]);
  });

  test('an address that is not http(s) or webcal, or a feed that fails, is refused with the reason and nothing is stored', async () => {
    const ftp = await send('POST', '/api/admin/calendars/feeds', { url: 'ftp://calendar.example/basic.ics' });
    expect(ftp).toEqual({ status: 400, body: { message: 'The address must start with https:// or webcal://' } });
    feed.misbehave(401);
    const refused = await send('POST', '/api/admin/calendars/feeds', { url: feed.url });
    expect(refused).toEqual({
      status: 400,
      body: { message: 'Could not read the calendar: The server answered 401: check the user name and app password' },
    });
    expect(await db().select().from(calendarAccounts)).toEqual([]);
  });

  test('connected: read at once, its busy time counted, its address sealed and never shown again', async () => {
    const id = await connect('Personal');
    const [calendar] = (await screen()).accounts[0]!.calendars;
    expect(calendar).toMatchObject({
      id,
      name: 'Personal',
      blocksTime: true,
      writesBookings: false,
      writable: false,
      busyCount: 1,
      lastError: null,
      stale: false,
    });
    expect(calendar!.readAt).not.toBeNull();
    // The address is a secret: not in any answer, sealed in the database.
    expect(JSON.stringify(await screen())).not.toContain('s3cr3t-token');
    const [account] = await db().select().from(calendarAccounts);
    expect(account!.secret).toStartWith('v1.');
    expect(account!.secret).not.toContain('s3cr3t');
    // Only when, never what.
    expect(await db().select({ start: busyBlocks.startsAt, end: busyBlocks.endsAt }).from(busyBlocks)).toEqual([DENTIST]);
  });
});

describe('busy times keep slots from being offered', () => {
  test('/book drops the slots the busy time overlaps and keeps the ones that only touch it', async () => {
    const before = await offered();
    expect(before.has(at(10).toISOString())).toBe(true);
    await connect();
    const after = await offered();
    expect(after.has(at(10).toISOString())).toBe(false);
    expect(after.has(at(10.5).toISOString())).toBe(false);
    expect(after.has(at(9.5).toISOString())).toBe(true);
    expect(after.has(at(11).toISOString())).toBe(true);
    expect(before.size - after.size).toBe(2);
  });

  test('a time that became busy after the page showed it is refused with a clear message, and so is a move onto it', async () => {
    const id = await connect();
    // The page was loaded before the coach's 14:00 meeting reached the calendar.
    expect((await offered()).has(at(14).toISOString())).toBe(true);
    feed.serve(icsOf([DENTIST, { start: at(14), end: at(15) }]));
    await readNow(id);
    const refused = await book({ start: at(14).toISOString() });
    expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 409, body: { message: SLOT_BUSY_MESSAGE } });
    expect(await db().select().from(bookings)).toEqual([]);

    const booked = await book({ start: at(16).toISOString() });
    expect(booked.status).toBe(201);
    const token = manageTokenIn((await outbox())[0]!.text);
    const move = await sendJson('POST', '/api/bookings/manage/reschedule', { token, start: at(10).toISOString() });
    expect({ status: move.status, body: await move.json() }).toEqual({ status: 409, body: { message: SLOT_BUSY_MESSAGE } });
  });

  test('unticked, a calendar blocks nothing and its busy times are deleted; ticked again, it is read again', async () => {
    const id = await connect();
    const unticked = await send('PATCH', `/api/admin/calendars/${id}`, { blocksTime: false });
    expect(unticked.status).toBe(200);
    expect(unticked.body.accounts[0].calendars[0]).toMatchObject({ blocksTime: false, busyCount: 0 });
    expect(await db().select().from(busyBlocks)).toEqual([]);
    expect((await offered()).has(at(10).toISOString())).toBe(true);
    const ticked = await send('PATCH', `/api/admin/calendars/${id}`, { blocksTime: true });
    expect(ticked.body.accounts[0].calendars[0]).toMatchObject({ blocksTime: true, busyCount: 1 });
    expect((await offered()).has(at(10).toISOString())).toBe(false);
  });

  test('a feed cannot receive bookings; an unknown calendar is 404; removing the account frees its times', async () => {
    const id = await connect();
    expect(await send('PATCH', `/api/admin/calendars/${id}`, { writesBookings: true })).toEqual({
      status: 400,
      body: { message: FEED_CANNOT_WRITE },
    });
    expect(await send('PATCH', '/api/admin/calendars/999999', { blocksTime: true })).toEqual({
      status: 404,
      body: { message: CALENDAR_NOT_FOUND },
    });
    const [account] = await db().select().from(calendarAccounts);
    expect((await send('DELETE', `/api/admin/calendars/accounts/${account!.id}`)).status).toBe(204);
    expect(await db().select().from(busyBlocks)).toEqual([]);
    expect((await offered()).has(at(10).toISOString())).toBe(true);
    expect(await send('DELETE', `/api/admin/calendars/accounts/${account!.id}`)).toEqual({
      status: 404,
      body: { message: CALENDAR_NOT_FOUND },
    });
  });
});

describe('reading in the background', () => {
  for (const [file, zone] of [
    ['google.ics', 'Europe/London'],
    ['outlook.ics', 'Europe/Berlin'],
  ] as const) {
    test(`${file}, as exported, over HTTP: its busy times stored as the parser reads them, and nothing else of it`, async () => {
      // A year ahead, and the fixture's 2027 moved to next year, so its events always lie ahead.
      await setSetting('bookingAvailability', openAvailability({ horizonDays: 365, timeZone: zone }));
      const exported = readFileSync(new URL(`../fixtures/calendars/${file}`, import.meta.url), 'utf8').replaceAll(
        '2027',
        String(new Date().getUTCFullYear() + 1),
      );
      feed.serve(exported);
      await connect();
      const stored = await db()
        .select({ start: busyBlocks.startsAt, end: busyBlocks.endsAt })
        .from(busyBlocks)
        .orderBy(busyBlocks.startsAt);
      const now = Date.now();
      const expected = busyRanges(exported, {
        window: { start: new Date(now - 24 * HOUR), end: new Date(now + 372 * 24 * HOUR) },
        coachTimeZone: zone,
        coachEmails: [],
      });
      expect(stored).toEqual(expected);
      expect(stored.length).toBeGreaterThanOrEqual(4);
      expect(JSON.stringify(await db().select().from(busyBlocks))).not.toMatch(/Team sync|Flight|Lisbon|vendor|Board|Vienna|conference/i);
    });
  }

  test('a read sends the ETag it was given; an unchanged feed answers 304 and keeps its busy times', async () => {
    const id = await connect();
    // Tried once before it is saved, then read in full.
    expect(feed.requests().map((request) => request.headers.get('if-none-match'))).toEqual([null, null]);
    await readNow(id);
    expect(feed.requests()[2]!.headers.get('if-none-match')).toBe(feed.etag());
    expect((await screen()).accounts[0]!.calendars[0]).toMatchObject({ busyCount: 1, lastError: null });
    expect(await db().select().from(busyBlocks)).toHaveLength(1);
  });

  test('two readers at once read a due calendar once, and not again within the interval', async () => {
    await connect();
    await db()
      .update(calendars)
      .set({ nextReadAt: new Date(Date.now() - 1_000) });
    feed.clearRequests();
    const counts = await Promise.all([readDueCalendars(), readDueCalendars()]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(feed.requests()).toHaveLength(1);
    expect(await readDueCalendars()).toBe(0);
    expect(feed.requests()).toHaveLength(1);
  });

  const FAILURES: [string, () => void, string | RegExp][] = [
    ['401', () => feed.misbehave(401), 'The server answered 401: check the user name and app password'],
    ['500', () => feed.misbehave(500), /^The server answered 500/],
    ['no answer', () => feed.misbehave('hang'), /did not answer/],
    ['20 MB', () => feed.misbehave('huge'), /larger than/],
    ['not iCalendar', () => feed.serve('<html>Sign in to continue</html>'), /not valid iCalendar/],
    ['a redirect to another host', () => feed.misbehave('redirect'), /redirected to another host/],
  ];
  for (const [what, fail, words] of FAILURES) {
    test(`${what}: the error is kept in words, the busy times stay, booking goes on`, async () => {
      const id = await connect();
      fail();
      const answer = await readNow(id);
      expect(answer.status).toBe(200);
      const [calendar] = answer.body.accounts[0].calendars;
      expect(calendar.lastError).toMatch(words);
      expect(calendar.failingSince).not.toBeNull();
      expect(calendar.busyCount).toBe(1);
      expect(await db().select().from(busyBlocks)).toHaveLength(1);
      expect((await offered()).has(at(10).toISOString())).toBe(false);
      expect((await book({ start: at(12).toISOString() })).status).toBe(201);
    });
  }

  test('failing longer than allowed: the warning shows and one email goes, however many reads fail; a good read ends it', async () => {
    setEnv({ CALENDAR_STALE_AFTER_MS: '1000' });
    const id = await connect('Work');
    feed.misbehave(500);
    await readNow(id);
    expect((await screen()).accounts[0]!.calendars[0]!.stale).toBe(false);
    expect(await staleCalendars()).toEqual([]);
    await Bun.sleep(1_100);
    await readNow(id);
    await readNow(id);
    expect((await screen()).accounts[0]!.calendars[0]!.stale).toBe(true);
    expect((await staleCalendars()).map((calendar) => calendar.name)).toEqual(['Work']);
    const warnings = (await outbox()).filter((email) => email.kind === 'calendar_unreadable');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.subject).toBe('Your calendar “Work” cannot be read');
    expect(warnings[0]!.text).toContain('Visitors can still book, but a time you are busy in that calendar may be offered to them.');
    expect(warnings[0]!.text).not.toContain('s3cr3t');

    feed.serve(icsOf([DENTIST]));
    await readNow(id);
    expect((await screen()).accounts[0]!.calendars[0]).toMatchObject({ stale: false, lastError: null, failingSince: null });
    expect(await staleCalendars()).toEqual([]);
  });

  test('127.0.0.1 on a calendar connected while allowed, once CALENDAR_ALLOW_PRIVATE is off: each read keeps why in words and fetches nothing; booking goes on', async () => {
    const id = await connect('Personal');
    feed.clearRequests();
    setEnv({ CALENDAR_ALLOW_PRIVATE: undefined });

    // Read by the coach…
    expect((await readNow(id)).status).toBe(200);
    const [calendar] = (await screen()).accounts[0]!.calendars;
    expect(calendar).toMatchObject({ lastError: PRIVATE_ADDRESS, busyCount: 1, stale: false });
    expect(calendar!.failingSince).not.toBeNull();
    // …and in the background: refused before any request.
    await db()
      .update(calendars)
      .set({ nextReadAt: new Date(Date.now() - 1_000) });
    expect(await readDueCalendars()).toBe(1);
    expect(feed.requests()).toHaveLength(0);

    // The busy time it gave before still blocks; booking goes on.
    expect(await db().select({ start: busyBlocks.startsAt, end: busyBlocks.endsAt }).from(busyBlocks)).toEqual([DENTIST]);
    const open = await offered();
    expect(open.has(at(10).toISOString())).toBe(false);
    expect(open.has(at(12).toISOString())).toBe(true);
    expect((await book({ start: at(12).toISOString() })).status).toBe(201);

    // Failing longer than allowed, it is the dashboard's warning, and the coach is told once, in the same words.
    await db()
      .update(calendars)
      .set({ failingSince: new Date(Date.now() - 2 * 600_000) });
    await readNow(id);
    await readNow(id);
    expect(feed.requests()).toHaveLength(0);
    expect((await screen()).accounts[0]!.calendars[0]).toMatchObject({ lastError: PRIVATE_ADDRESS, stale: true });
    expect((await staleCalendars()).map((stale) => [stale.name, stale.lastError])).toEqual([['Personal', PRIVATE_ADDRESS]]);
    const warnings = (await outbox()).filter((email) => email.kind === 'calendar_unreadable');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toContain(PRIVATE_ADDRESS);
  });

  test('a key rotation re-seals the address, and the feed is read with the new key alone', async () => {
    const id = await connect();
    setEnv({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_PREVIOUS: KEY_A });
    expect(await rotateEncryptionKey()).toMatchObject({ calendars: 1, unreadable: [] });
    setEnv({ ENCRYPTION_KEY: KEY_B, ENCRYPTION_KEY_PREVIOUS: undefined });
    feed.serve(icsOf([DENTIST, { start: at(14), end: at(15) }]));
    expect((await readNow(id)).body.accounts[0].calendars[0]).toMatchObject({ busyCount: 2, lastError: null });
  });
});

describe('the private feed of calls', () => {
  const vevents = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));

  test('lists the calls with their UIDs in UTC, names no one until the coach opts in, and a new address revokes the old', async () => {
    expect((await book({ start: at(12).toISOString() })).status).toBe(201);
    const [call] = await db().select().from(bookings);
    const { url } = (await screen()).feed;
    const path = new URL(url).pathname;
    const first = await request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await first.text();
    expect(text).not.toContain('VTIMEZONE');
    expect(text).not.toContain('Grace');
    const [event] = vevents(text);
    expect(event!.uid).toBe(call!.uid);
    expect(event!.summary).toBe('Intro call');
    expect(event!.startDate.toJSDate().toISOString()).toBe(at(12).toISOString());
    expect(event!.startDate.zone.tzid).toBe('UTC');
    // A calendar app asking again with its ETag gets 304.
    const again = await request(path, { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);

    expect((await send('PUT', '/api/admin/calendars/feed', { showsNames: true })).body).toEqual({ url, showsNames: true });
    const named = vevents(await (await request(path)).text())[0]!;
    expect(named.summary).toBe('Intro call: Grace Hopper');
    expect(named.description).toContain('Topic: Leading a team through a merger');

    await db().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, call!.id));
    expect(vevents(await (await request(path)).text())[0]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');

    const rotated = await send('POST', '/api/admin/calendars/feed/rotate');
    expect(rotated.body.url).not.toBe(url);
    const old = await request(path);
    expect({ status: old.status, body: await old.json() }).toEqual({ status: 404, body: { message: FEED_NOT_FOUND } });
    expect((await request(new URL(rotated.body.url).pathname)).status).toBe(200);
    expect((await request('/api/calendar-feed/1.AAAAAAAAAAAAAAAAAAAAAA.ics')).status).toBe(404);
    await send('PUT', '/api/admin/calendars/feed', { showsNames: false });
  });

  test('recent calls: one that ended within the last 30 days is listed, one that ended longer ago is not', async () => {
    for (const hours of [12, 14, 16]) expect((await book({ start: at(hours).toISOString() })).status).toBe(201);
    const [recent, old, upcoming] = await db().select().from(bookings).orderBy(bookings.startsAt);
    // Moved into the past: one ended 30 days less an hour ago, the other 30 days and an hour ago.
    const DAY = 24 * HOUR;
    const endedAgo = async (id: number, ms: number) => {
      const endsAt = new Date(Date.now() - ms);
      await db()
        .update(bookings)
        .set({ startsAt: new Date(endsAt.getTime() - HOUR / 2), endsAt })
        .where(eq(bookings.id, id));
    };
    await endedAgo(recent!.id, 30 * DAY - HOUR);
    await endedAgo(old!.id, 30 * DAY + HOUR);
    const text = await (await request(new URL((await screen()).feed.url).pathname)).text();
    expect(vevents(text).map((event) => event.uid)).toEqual([recent!.uid, upcoming!.uid]);
    expect(text).not.toContain(old!.uid);
  });
});
