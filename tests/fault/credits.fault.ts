// Issue 35 §3 on two production instances sharing one Postgres: twenty bookings of a
// clients-only session racing through both instances against a package with three credits give
// exactly three bookings, three `used` rows, seventeen clear refusals and a balance of zero. The
// booking takes its credit inside its transaction, under a lock of the client's packages.

import { afterAll, beforeAll, expect, test } from 'bun:test';
import type postgres from 'postgres';
import { openAvailability } from '#tests/helpers/open-availability.ts';
import type { AppServer } from './harness/app-server.ts';
import type { Figures } from './harness/figures.ts';
import { finish } from './harness/finish.ts';
import { api, login } from './harness/http.ts';
import { startTwoInstances } from './harness/servers.ts';

const RACERS = 20;
const CREDITS = 3;
const CREDIT_NEEDED = 'This session is for clients with a session credit. Please get in touch to book it.';
const facts: Figures = {};

let sql: postgres.Sql;
let a: AppServer;
let b: AppServer;

async function ok(response: Response, what: string) {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  // All the racers are one client's address: its daily booking cap is lifted so the credits alone decide.
  ({ sql, a, b } = await startTwoInstances({ TRUST_PROXY: '1', BOOKING_LIMIT_PER_ADDRESS_PER_DAY: '1000' }));
  const cookie = await login(a);
  await ok(await api(a, 'PATCH', '/api/admin/settings', { cookie, body: { bookingEnabled: true } }), 'booking on');
  await ok(await api(a, 'PUT', '/api/admin/booking/availability', { cookie, body: openAvailability() }), 'availability');
  const type = await ok(
    await api(a, 'POST', '/api/admin/session-types', {
      cookie,
      body: {
        name: 'Coaching session',
        slug: 'coaching',
        description: '',
        minutes: 30,
        bufferMinutes: 0,
        minNoticeHours: 0,
        dailyCap: null,
        location: null,
        access: 'clients',
        listed: true,
        cancelCutoffHours: 24,
        maxReschedules: null,
        questions: [],
      },
    }),
    'session type',
  );
  const pack = await ok(
    await api(a, 'POST', '/api/admin/packages', {
      cookie,
      body: { name: 'Three sessions', sessions: CREDITS, sessionTypeIds: [type.id], validDays: null, price: '' },
    }),
    'package',
  );
  const client = await ok(
    await api(a, 'POST', '/api/admin/clients', {
      cookie,
      body: { name: 'Ada Okafor', email: 'ada@example.com', phone: '', organisation: '', timeZone: null, status: 'active', tags: [] },
    }),
    'client',
  );
  await ok(await api(a, 'POST', `/api/admin/clients/${client.id}/packages`, { cookie, body: { packageId: pack.id, note: '' } }), 'grant');
}, 300_000);

afterAll(async () => {
  await finish('Package credits on two instances', facts, [a, b]);
}, 60_000);

test(`${RACERS} bookings through both instances against ${CREDITS} credits: ${CREDITS} bookings, ${CREDITS} used rows, the rest refused`, async () => {
  const slots = (await (await fetch(a.url('/api/booking/slots?type=coaching'))).json()).slots as { start: string }[];
  expect(slots.length).toBeGreaterThanOrEqual(RACERS);
  const started = performance.now();
  const answers = await Promise.all(
    slots.slice(0, RACERS).map(async (slot, index) => {
      const server = index % 2 === 0 ? a : b;
      const response = await fetch(server.url('/api/bookings'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.origin, 'X-Forwarded-For': `198.18.9.${index + 1}` },
        body: JSON.stringify({
          start: slot.start,
          name: 'Ada Okafor',
          email: 'ada@example.com',
          timeZone: 'Europe/London',
          sessionType: 'coaching',
        }),
        signal: AbortSignal.timeout(15_000),
      });
      return { server: server.name, status: response.status, body: (await response.json()) as { message?: string } };
    }),
  );
  facts['race, all answered (ms)'] = Math.round(performance.now() - started);
  facts['201 per instance'] = ['A', 'B'].map((name) => answers.filter((x) => x.server === name && x.status === 201).length).join(' / ');
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([...Array(CREDITS).fill(201), ...Array(RACERS - CREDITS).fill(403)]);
  for (const refused of answers.filter((answer) => answer.status === 403)) expect(refused.body).toEqual({ message: CREDIT_NEEDED });

  const [counts] = await sql<{ bookings: number; used: number; balance: number }[]>`
    select (select count(*)::int from bookings) as bookings,
           (select count(*)::int from credit_ledger where kind = 'used') as used,
           (select coalesce(sum(amount), 0)::int from credit_ledger) as balance`;
  expect(counts).toEqual({ bookings: CREDITS, used: CREDITS, balance: 0 });
}, 120_000);
