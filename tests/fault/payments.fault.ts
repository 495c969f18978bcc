// Issue 37 on two production instances sharing one Postgres: every Stripe event delivered to both
// at once acts once (one payment, one grant), twenty payments racing through both take twenty
// consecutive invoice numbers, and card refunds sent by both instances' workers reach Stripe once
// each. Stripe is the Stripe-shaped server of the API tests, on loopback.

import { afterAll, beforeAll, expect, test } from 'bun:test';
import type postgres from 'postgres';
import { paidSession, STRIPE_KEYS, signedEvent, startStripeApi } from '#tests/helpers/stripe-api-server.ts';
import type { AppServer } from './harness/app-server.ts';
import type { Figures } from './harness/figures.ts';
import { finish } from './harness/finish.ts';
import { api, login } from './harness/http.ts';
import { startTwoInstances } from './harness/servers.ts';
import { poll } from './harness/wait.ts';

const BUYERS = 20;
const facts: Figures = {};
const stripe = startStripeApi();

let sql: postgres.Sql;
let a: AppServer;
let b: AppServer;
let cookie: string;
let packageId: number;

async function ok(response: Response, what: string) {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  ({ sql, a, b } = await startTwoInstances({ ...STRIPE_KEYS, STRIPE_API_URL: stripe.url, TRUST_PROXY: '1', OUTBOX_POLL_MS: '100' }));
  cookie = await login(a);
  const type = await ok(
    await api(a, 'POST', '/api/admin/session-types', {
      cookie,
      body: {
        name: 'Coaching session',
        slug: 'coaching',
        description: '',
        minutes: 60,
        bufferMinutes: 0,
        minNoticeHours: 0,
        dailyCap: null,
        location: null,
        access: 'anyone',
        listed: true,
        cancelCutoffHours: 24,
        maxReschedules: null,
        priceMinor: 12_000,
        questions: [],
      },
    }),
    'session type',
  );
  const pack = await ok(
    await api(a, 'POST', '/api/admin/packages', {
      cookie,
      body: { name: 'Five sessions', sessions: 5, sessionTypeIds: [type.id], validDays: null, price: '', priceMinor: 50_000 },
    }),
    'package',
  );
  packageId = pack.id;
}, 300_000);

afterAll(async () => {
  await finish('Issue 37: payments on two instances', facts, [a, b]);
  await stripe.stop();
}, 60_000);

/** A package bought through `server` by its own network address: the Checkout session Stripe opened. */
async function checkout(server: AppServer, i: number) {
  const response = await fetch(server.url(`/api/payments/packages/${packageId}/checkout`), {
    method: 'POST',
    headers: { Origin: server.origin, 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${i + 1}` },
    body: JSON.stringify({ name: `Buyer ${i}`, email: `buyer${i}@example.com`, timeZone: 'Europe/London' }),
  });
  const { checkoutUrl } = await ok(response, `checkout ${i}`);
  return stripe.session(checkoutUrl.split('/').pop());
}

const deliver = (server: AppServer, delivery: { payload: string; signature: string }) =>
  fetch(server.url('/api/payments/webhook'), {
    method: 'POST',
    headers: { 'Stripe-Signature': delivery.signature },
    body: delivery.payload,
  });

test(`each of ${BUYERS} payments delivered to A and B at once acts once, and their invoice numbers run 1–${BUYERS} without a gap`, async () => {
  const sessions = await Promise.all(Array.from({ length: BUYERS }, (_, i) => checkout(i % 2 ? b : a, i)));
  const deliveries = await Promise.all(sessions.map((session) => signedEvent('checkout.session.completed', paidSession(session))));
  const started = performance.now();
  const answers = await Promise.all(deliveries.flatMap((delivery) => [deliver(a, delivery), deliver(b, delivery)]));
  facts[`${BUYERS * 2} deliveries (each event to both) (ms)`] = Math.round(performance.now() - started);
  expect(answers.map((answer) => answer.status)).toEqual(Array(BUYERS * 2).fill(200));
  const outcomes = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { outcome: string }).outcome));
  expect(outcomes.filter((outcome) => outcome === 'Already received')).toHaveLength(BUYERS);
  const rows = await sql<
    { invoice_number: number; hold_id: number }[]
  >`select invoice_number, hold_id from payments order by invoice_number`;
  expect(rows.map((row) => row.invoice_number)).toEqual(Array.from({ length: BUYERS }, (_, i) => i + 1));
  expect(new Set(rows.map((row) => row.hold_id)).size).toBe(BUYERS);
  const [grants] = await sql<{ n: number }[]>`select count(*)::int as n from client_packages`;
  expect(grants!.n).toBe(BUYERS);
  const [events] = await sql<{ n: number }[]>`select count(*)::int as n from stripe_events`;
  expect(events!.n).toBe(BUYERS);
}, 120_000);

test('card refunds asked through both instances reach Stripe once each, and take the next numbers', async () => {
  const paid = await sql<{ id: number }[]>`select id from payments where kind = 'payment' order by id limit 6`;
  const asked = await Promise.all(
    paid.map((row, i) =>
      api(i % 2 ? b : a, 'POST', `/api/admin/payments/${row.id}/refund`, { cookie, body: { amountMinor: 10_000, reason: 'Fault test' } }),
    ),
  );
  expect(asked.map((answer) => answer.status)).toEqual(Array(paid.length).fill(201));
  await poll(
    async () => (await sql<{ n: number }[]>`select count(*)::int as n from payments where kind = 'refund' and status <> 'succeeded'`)[0]!.n,
    (pending) => pending === 0,
  );
  const keys = stripe.requests.filter((request) => request.path === '/v1/refunds').map((request) => request.idempotencyKey);
  facts['refund requests to Stripe / refunds'] = `${keys.length} / ${paid.length}`;
  expect(keys).toHaveLength(paid.length);
  expect(new Set(keys).size).toBe(paid.length);
  const numbers = await sql<{ n: number }[]>`select invoice_number as n from payments where kind = 'refund' order by invoice_number`;
  expect(numbers.map((row) => row.n)).toEqual(Array.from({ length: paid.length }, (_, i) => BUYERS + i + 1));
}, 120_000);
