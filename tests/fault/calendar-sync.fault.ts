// Issue 34 on two production instances sharing one Postgres. Reading: a connected feed is read once
// per CALENDAR_READ_INTERVAL_MS across both instances, not once per instance. Writing back: the
// instance writing a booking into the coach's CalDAV calendar (a real Radicale, behind a loopback
// proxy that holds the PUT) is killed with -9 mid-request; once its lease lapses the other
// instance writes it again, once, at the same address, and Radicale holds one event with the
// booking's UID, not two, though the killed instance's request reached it too.

import { afterAll, beforeAll, expect, test } from 'bun:test';
import type postgres from 'postgres';
import { openAvailability } from '#tests/helpers/open-availability.ts';
import { eventUids, makeCalendar, type Radicale, startRadicale } from '#tests/helpers/radicale.ts';
import type { AppServer } from './harness/app-server.ts';
import type { Figures } from './harness/figures.ts';
import { finish } from './harness/finish.ts';
import { api, login } from './harness/http.ts';
import { startTwoInstances } from './harness/servers.ts';
import { sleep, until } from './harness/wait.ts';

const USER = 'coach';
const PASSWORD = 'app-password-1234';
const READ_INTERVAL_MS = 2_000;
/** A write's deadline: its lease is three of these. */
const TIMEOUT_MS = 2_000;
/** How long the proxy holds a PUT: longer than the deadline, so the writer is still waiting when killed. */
const HOLD_MS = 1_500;
const facts: Figures = {};

let sql: postgres.Sql;
let a: AppServer;
let b: AppServer;
let radicale: Radicale;
let cookie: string;
const feedHits: number[] = [];
let feed: ReturnType<typeof Bun.serve>;
let proxy: ReturnType<typeof Bun.serve>;
let holdPuts = false;
/** The client ports of the PUTs the proxy held: which connection, so which instance, is writing. */
const heldPuts: number[] = [];

async function ok(response: Response, what: string) {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  radicale = await startRadicale({ [USER]: PASSWORD });
  const calendarUrl = await makeCalendar(radicale, USER, PASSWORD, 'work');
  feed = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch() {
      feedHits.push(Date.now());
      return new Response('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n', {
        headers: { 'content-type': 'text/calendar' },
      });
    },
  });
  // Radicale behind a proxy that can hold PUTs (the booking's event) for a while, then pass them on.
  const upstream = new URL(radicale.url);
  proxy = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 60,
    async fetch(request): Promise<Response> {
      const url = new URL(request.url);
      url.host = upstream.host;
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
      if (request.method === 'PUT' && holdPuts) {
        heldPuts.push(proxy.requestIP(request)!.port);
        await sleep(HOLD_MS);
      }
      const answer = await fetch(url, { method: request.method, headers: request.headers, body, redirect: 'manual' });
      // fetch has decoded the body: it goes on as it is now.
      const headers = new Headers(answer.headers);
      headers.delete('content-encoding');
      headers.delete('content-length');
      return new Response(await answer.arrayBuffer(), { status: answer.status, headers });
    },
  });

  ({ sql, a, b } = await startTwoInstances({
    TRUST_PROXY: '1',
    ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    CALENDAR_ALLOW_PRIVATE: '1',
    CALENDAR_READ_INTERVAL_MS: String(READ_INTERVAL_MS),
    CALENDAR_TIMEOUT_MS: String(TIMEOUT_MS),
    BOOKING_LIMIT_PER_ADDRESS_PER_DAY: '1000',
  }));
  cookie = await login(a);
  await ok(await api(a, 'PATCH', '/api/admin/settings', { cookie, body: { bookingEnabled: true } }), 'booking on');
  await ok(await api(a, 'PUT', '/api/admin/booking/availability', { cookie, body: openAvailability() }), 'availability');
  const screen = await ok(
    await api(a, 'POST', '/api/admin/calendars/caldav', {
      cookie,
      body: { serverUrl: `http://127.0.0.1:${proxy.port}/`, username: USER, password: PASSWORD },
    }),
    'CalDAV account',
  );
  const work = screen.accounts[0].calendars.find((calendar: { name: string }) => calendar.name === 'work');
  await ok(await api(a, 'PATCH', `/api/admin/calendars/${work.id}`, { cookie, body: { writesBookings: true } }), 'write calendar');
  expect(calendarUrl).toContain('/work/');
}, 300_000);

afterAll(async () => {
  feed?.stop(true);
  proxy?.stop(true);
  await radicale?.stop();
  await finish('Calendar sync on two instances', facts, [a, b]);
}, 60_000);

test('a feed is read once per interval across both instances, not once per instance', async () => {
  await ok(
    await api(a, 'POST', '/api/admin/calendars/feeds', { cookie, body: { url: `http://127.0.0.1:${feed.port}/basic.ics` } }),
    'feed',
  );
  const from = Date.now();
  feedHits.length = 0;
  const watchMs = 5 * READ_INTERVAL_MS + 500;
  await sleep(watchMs);
  const reads = feedHits.filter((at) => at >= from);
  facts['feed reads in 10.5 s at a 2 s interval, two instances'] = reads.length;
  // Both instances look every second; one read per interval is at most 6 here (two per interval would be 10 or more).
  expect(reads.length).toBeGreaterThanOrEqual(4);
  expect(reads.length).toBeLessThanOrEqual(6);
  for (let i = 1; i < reads.length; i++) expect(reads[i]! - reads[i - 1]!).toBeGreaterThanOrEqual(READ_INTERVAL_MS - 250);
}, 60_000);

test('kill -9 of the instance writing a booking into the calendar: the other writes it once more, and the calendar holds one event', async () => {
  holdPuts = true;
  const slots = (await (await fetch(a.url('/api/booking/slots'))).json()).slots as { start: string }[];
  const booked = await ok(
    await api(b, 'POST', '/api/bookings', {
      body: { start: slots[3]!.start, name: 'Grace Hopper', email: 'grace@example.com', topic: 'A merger', timeZone: 'UTC' },
    }),
    'booking',
  );
  expect(booked.start).toBe(slots[3]!.start);
  await until(
    'the write to reach the calendar',
    () => heldPuts.length,
    (held) => held > 0,
    { timeoutMs: 15_000 },
  );
  // The process whose socket has the held PUT's port is the writer (both may hold idle connections
  // to the proxy): kill it mid-request.
  const socket = Bun.spawnSync(['ss', '-tnpH', 'state', 'established', `( sport = :${heldPuts[0]} )`]).stdout.toString();
  const writer = [a, b].find((server) => socket.includes(`pid=${server.pid},`));
  expect(writer).toBeDefined();
  const survivor = writer === a ? b : a;
  await writer!.kill9();
  holdPuts = false;
  const [row] = await sql`select uid from bookings`;
  const killedAt = Date.now();
  await until(
    'the survivor to write the event',
    async () => (await sql`select version, written_version from calendar_writes`)[0],
    (write) => !!write && write.written_version === write.version,
    { timeoutMs: 30_000 },
  );
  facts['kill -9 → written by the survivor (ms, lease 6 s)'] = Date.now() - killedAt;
  const [write] = await sql`select attempts, last_error, lease_until from calendar_writes`;
  expect(write).toEqual({ attempts: 2, last_error: null, lease_until: null });
  // The killed instance's PUT reached Radicale after its death, and the survivor's replaced it: one event.
  const uids = await eventUids(`${radicale.url}${USER}/work/`, USER, PASSWORD);
  expect(uids).toEqual([row!.uid]);
  facts['events with the booking UID in Radicale'] = uids.length;
  expect(survivor.running).toBe(true);
}, 90_000);
