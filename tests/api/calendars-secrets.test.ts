// A calendar's secrets are never logged nor shown (issue 34 §1): a CalDAV account on a real Radicale
// server (behind a loopback proxy that can make it fail) connected with a wrong app password and
// then the right one, read, written into, refused with 401, 500 and an answer that is not CalDAV;
// and a feed whose secret address carries a token in its path, connected and then failing with 401
// and 500. Everything the code writes to the console, stdout or stderr meanwhile is captured: no
// line, no API answer, no audit row and no row the screens read holds the password (nor its Basic
// header) or the feed's token. Runs on PGlite, and on Postgres with DATABASE_URL set.
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLog, bookings, busyBlocks, calendarAccounts, calendars, calendarWrites, outboxEmails, users } from '#db/schema.ts';
import { createSession } from '#server/auth/session.ts';
import { writeDueEvents } from '#server/services/calendars/write-back.ts';
import type { CalendarsScreen } from '#src/schemas/calendars.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { manageTokenIn, OWNER, setupBookingSite } from '../helpers/booking.ts';
import { icsOf, startCalendarFeed } from '../helpers/calendar-server.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { openAvailability } from '../helpers/open-availability.ts';
import { eventUids, makeCalendar, putEvent, startDavProxy, startRadicale } from '../helpers/radicale.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { setSetting, book, outbox } = setupBookingSite(db);
const admin = adminSession(db);

const USER = 'coach';
const PASSWORD = 'Pw-7c1e9a44-right';
const WRONG = 'Pw-3b8d0f12-wrong';
const TOKEN = 'tok-5f0a9e2d6c4b8a17';
const HOUR = 60 * 60 * 1000;
const KEY = Buffer.alloc(32, 3).toString('base64');
/** Each secret, and each way a request could carry it. */
const SECRETS = {
  password: PASSWORD,
  wrongPassword: WRONG,
  feedToken: TOKEN,
  basicHeader: btoa(`${USER}:${PASSWORD}`),
  wrongBasicHeader: btoa(`${USER}:${WRONG}`),
};

const tomorrow = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1));
const at = (hours: number) => new Date(tomorrow.getTime() + hours * HOUR);

let radicale: Awaited<ReturnType<typeof startRadicale>>;
let proxy: ReturnType<typeof startDavProxy>;
let workUrl: string;
const feed = startCalendarFeed();
// The provider's secret address: the token is the path's secret part.
const feedUrl = feed.url.replace('s3cr3t-token', TOKEN);

beforeAll(async () => {
  radicale = await startRadicale({ [USER]: PASSWORD });
  proxy = startDavProxy(radicale);
  workUrl = await makeCalendar(radicale, USER, PASSWORD, 'work');
  await putEvent(workUrl, USER, PASSWORD, 'meeting.ics', icsOf([{ start: at(9), end: at(10), uid: 'meeting@test' }]));
}, 60_000);
afterAll(async () => {
  feed.stop();
  proxy?.stop();
  await radicale?.stop();
});

let undoEnv: () => void;
beforeEach(async () => {
  undoEnv = setEnv({ ENCRYPTION_KEY: KEY, CALENDAR_ALLOW_PRIVATE: '1', CALENDAR_TIMEOUT_MS: '3000', OUTBOX_RETRY_BASE_MS: '60000' });
  await db().delete(calendarAccounts);
  await setSetting('bookingAvailability', openAvailability({ horizonDays: 3 }));
  feed.serve(icsOf([{ start: at(11), end: at(12) }]));
});
afterEach(() => undoEnv());

/** Everything written to the console, stdout or stderr until restore(). */
function captureOutput() {
  const lines: string[] = [];
  const text = (chunk: unknown) =>
    typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? new TextDecoder().decode(chunk) : Bun.inspect(chunk);
  const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
  const consoleBefore = methods.map((method) => console[method]);
  for (const method of methods)
    console[method] = (...args: unknown[]) => {
      lines.push(args.map(text).join(' '));
    };
  const streams = [process.stdout, process.stderr];
  const writesBefore = streams.map((stream) => stream.write);
  for (const stream of streams)
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      lines.push(text(chunk));
      const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof stream.write;
  return {
    lines,
    restore() {
      methods.forEach((method, index) => {
        console[method] = consoleBefore[index]!;
      });
      streams.forEach((stream, index) => {
        stream.write = writesBefore[index]!;
      });
    },
  };
}

test('a wrong and a right app password, a feed’s token: in no log line, no API answer, no audit row, through reads, writes and failures', async () => {
  const answers: string[] = [];
  const call = async (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, headers = admin.headers()) => {
    const response =
      method === 'GET' ? await request(path, { headers }) : await sendJson(method, path, body ?? {}, { headers: { ...headers } });
    const text = await response.text();
    answers.push(text);
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const screen = async () => (await call('GET', '/api/admin/calendars')).body as CalendarsScreen;
  const calendarOf = (shown: CalendarsScreen, id: number) =>
    shown.accounts.flatMap((account) => account.calendars).find((c) => c.id === id)!;
  const [owner] = await db().select().from(users).where(eq(users.email, OWNER));
  const ownerHeaders = { Cookie: `session=${(await createSession(owner!.id)).token}` };

  const output = captureOutput();
  try {
    // CalDAV: the wrong app password, then the right one.
    const refused = await call('POST', '/api/admin/calendars/caldav', { serverUrl: proxy.url, username: USER, password: WRONG });
    expect(refused.status).toBe(400);
    const connected = await call('POST', '/api/admin/calendars/caldav', { serverUrl: proxy.url, username: USER, password: PASSWORD });
    expect(connected.status).toBe(201);
    const work = (connected.body as CalendarsScreen).accounts[0]!.calendars.find((calendar) => calendar.name === 'work')!;
    expect((await call('PATCH', `/api/admin/calendars/${work.id}`, { blocksTime: true })).status).toBe(200);
    expect(calendarOf(await screen(), work.id)).toMatchObject({ busyCount: 1, lastError: null });
    await call('PATCH', `/api/admin/calendars/${work.id}`, { writesBookings: true });

    // Booked and written into the calendar.
    expect((await book({ start: at(15).toISOString() })).status).toBe(201);
    expect(await writeDueEvents()).toBe(1);
    const [booking] = await db().select().from(bookings);
    expect(await eventUids(workUrl, USER, PASSWORD)).toContain(booking!.uid);

    // The server refuses the account, fails, and answers something that is not CalDAV.
    proxy.answer(() => new Response('no', { status: 401 }));
    await call('POST', `/api/admin/calendars/${work.id}/read`);
    expect(calendarOf(await screen(), work.id).lastError).toBe('The server answered 401: check the user name and app password');
    proxy.answer(() => new Response('<html>oops', { status: 207, headers: { 'content-type': 'application/xml' } }));
    await call('POST', `/api/admin/calendars/${work.id}/read`);
    expect(calendarOf(await screen(), work.id).lastError).not.toBeNull();
    proxy.answer(() => new Response('down', { status: 500 }));
    await call('POST', `/api/admin/calendars/${work.id}/read`);
    expect(calendarOf(await screen(), work.id).lastError).toStartWith('The server answered 500');
    // A move while the server is down: the write fails (and is logged), then goes through.
    const token = manageTokenIn((await outbox())[0]!.text);
    expect((await sendJson('POST', '/api/bookings/manage/reschedule', { token, start: at(17).toISOString() })).status).toBe(200);
    expect(await writeDueEvents()).toBe(1);
    expect((await db().select().from(calendarWrites))[0]!.lastError).toStartWith('The server answered 500');
    proxy.answer(null);
    await db().update(calendarWrites).set({ nextAttemptAt: new Date() });
    expect(await writeDueEvents()).toBe(1);
    expect((await db().select().from(calendarWrites))[0]).toMatchObject({ lastError: null, writtenVersion: 2 });
    await call('POST', `/api/admin/calendars/${work.id}/read`);
    expect(calendarOf(await screen(), work.id).lastError).toBeNull();

    // The feed: refused at connect while it fails, connected, then failing with 401 and 500.
    feed.misbehave(500);
    expect((await call('POST', '/api/admin/calendars/feeds', { url: feedUrl })).status).toBe(400);
    feed.serve(icsOf([{ start: at(11), end: at(12) }]));
    const withFeed = await call('POST', '/api/admin/calendars/feeds', { url: feedUrl });
    expect(withFeed.status).toBe(201);
    const feedId = (withFeed.body as CalendarsScreen).accounts.find((account) => account.kind === 'ics')!.calendars[0]!.id;
    expect(calendarOf(withFeed.body, feedId)).toMatchObject({ busyCount: 1, lastError: null });
    for (const status of [401, 500] as const) {
      feed.misbehave(status);
      await call('POST', `/api/admin/calendars/${feedId}/read`);
      expect(calendarOf(await screen(), feedId).lastError).toStartWith(`The server answered ${status}`);
    }

    // What the admin reads: the calendars, the bookings, the audit log (the owner's).
    await screen();
    expect((await call('GET', '/api/admin/bookings?when=upcoming')).status).toBe(200);
    const audit = await call('GET', '/api/admin/audit', undefined, ownerHeaders);
    expect(audit.status).toBe(200);
  } finally {
    output.restore();
  }

  // The capture saw the server's lines (the failed write and the answer that was not CalDAV are logged), so its silence on the secrets means something.
  expect(output.lines.some((line) => line.includes('calendar_write_failed'))).toBe(true);
  expect(output.lines.some((line) => line.includes('calendar_request_failed'))).toBe(true);
  const auditRows = await db().select().from(auditLog);
  expect(auditRows.filter((row) => row.action === 'calendar.connected').map((row) => (row.details as { kind: string }).kind)).toEqual([
    'caldav',
    'ics',
  ]);
  const shown = {
    log: output.lines.join('\n'),
    answers: answers.join('\n'),
    audit: JSON.stringify(auditRows),
    // The rows the screens and emails are made from.
    rows: JSON.stringify([
      await db().select().from(calendars),
      await db().select().from(calendarWrites),
      await db().select().from(busyBlocks),
      await db().select().from(outboxEmails),
      await db()
        .select({ label: calendarAccounts.label, serverUrl: calendarAccounts.serverUrl, username: calendarAccounts.username })
        .from(calendarAccounts),
    ]),
  };
  for (const [where, text] of Object.entries(shown)) {
    for (const [secret, value] of Object.entries(SECRETS))
      expect({ where, secret, leaks: text.includes(value) }).toEqual({ where, secret, leaks: false });
  }
  // Sealed at rest.
  for (const account of await db().select().from(calendarAccounts)) {
    expect(account.secret).toStartWith('v1.');
    for (const value of Object.values(SECRETS)) expect(account.secret).not.toContain(value);
  }
});
