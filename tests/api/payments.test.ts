// Paid sessions and packages (issue 37 §1–§4) through the visitor's API and Stripe's webhook: a
// paid session is held and paid at Checkout, booked only when a signed event says it is paid,
// each event acts once (replays, reordering, two at once), an unpaid hold frees its time after
// PAYMENT_HOLD_MS, a payment after that is refunded through Stripe with the payer told why, and
// invoice numbers have no gaps under concurrency. Stripe is tests/helpers/stripe-api.ts.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { bookings, clientPackages, counters, creditLedger, paymentHolds, payments, sessionTypes, stripeEvents } from '#db/schema.ts';
import { createBooking, openSlots, PAYMENT_NEEDED_MESSAGE } from '#server/services/booking/calls.ts';
import { PAYMENTS_UNAVAILABLE_MESSAGE } from '#server/services/payments/checkout.ts';
import { releaseExpiredHolds, sendDueRefund } from '#server/services/payments/refunds.ts';
import { TOO_LATE_REASON } from '#server/services/payments/webhook.ts';
import { createSessionType } from '#server/services/session-types.ts';
import { CURRENCY_FIXED_MESSAGE } from '#server/services/settings.ts';
import { seriesOtherBooking } from '#src/schemas/booking-series.ts';
import { WEBHOOK_SIGNATURE_MESSAGE } from '#src/schemas/payments.ts';
import { INTRO_CALL_FREE } from '#src/schemas/session-type.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { COACHING, clearPractice } from '../helpers/practice.ts';
import { paidSession, signedEvent, stripeApiForFile } from '../helpers/stripe-api.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { book, slots, outbox } = setupBookingSite(db);
const admin = adminSession(db);
const stripe = stripeApiForFile();

const PAID = { ...COACHING, name: 'Coaching session', slug: 'paid-coaching', access: 'anyone' as const, priceMinor: 12_000 };

let undoStripe: () => void;
beforeEach(async () => {
  await db().delete(payments);
  await db().delete(paymentHolds);
  await db().delete(stripeEvents);
  await db().delete(counters);
  await clearPractice(db());
  await createSessionType(PAID);
  undoStripe = stripe.enable();
});
afterEach(() => undoStripe());

const slotsOf = async () => (await slots()).slots as Array<{ start: string }>;
const paidSlots = async () => {
  const response = await request('/api/booking/slots?type=paid-coaching');
  return ((await response.json()) as { slots: Array<{ start: string }> }).slots.map((slot) => slot.start);
};
const bookPaid = (start: string, email = 'grace@example.com') => book({ start, email, sessionType: 'paid-coaching', answers: {} });

/** Books a paid session up to Stripe's page: the hold, and the Checkout session Stripe opened. */
async function heldSession(start?: string, email?: string) {
  const at = start ?? (await paidSlots())[3]!;
  const response = await bookPaid(at, email);
  expect(response.status).toBe(202);
  const started = (await response.json()) as { checkoutUrl: string; heldUntil: string };
  const id = started.checkoutUrl.split('/').pop()!;
  return { start: at, started, session: stripe.session(id) };
}

const deliver = async (pending: { payload: string; signature: string } | Promise<{ payload: string; signature: string }>) => {
  const delivery = await pending;
  return request('/api/payments/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': delivery.signature },
    body: delivery.payload,
  });
};

const completed = (session: Record<string, unknown>, options?: Parameters<typeof signedEvent>[2]) =>
  signedEvent('checkout.session.completed', paidSession(session), options);

describe('a paid session goes through Checkout', () => {
  test('booking it holds the time and opens Stripe’s page for its price; nothing is booked or emailed yet', async () => {
    const { start, started, session } = await heldSession();
    expect(started.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
    const [hold] = await db().select().from(paymentHolds);
    expect(hold).toMatchObject({ kind: 'booking', status: 'pending', amountMinor: 12_000, currency: 'EUR', email: 'grace@example.com' });
    expect(hold!.startsAt!.toISOString()).toBe(start);
    expect(started.heldUntil).toBe(hold!.expiresAt.toISOString());
    // What the site asked Stripe for.
    const [asked] = stripe.requests;
    expect(asked!.path).toBe('/v1/checkout/sessions');
    expect(asked!.idempotencyKey).toBe(`checkout-hold-${hold!.id}`);
    expect(Object.fromEntries(asked!.form)).toMatchObject({
      mode: 'payment',
      customer_email: 'grace@example.com',
      'metadata[holdId]': String(hold!.id),
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '12000',
      'line_items[0][price_data][product_data][name]': 'Coaching session',
      cancel_url: 'http://localhost:3000/book/paid-coaching',
      'tax_id_collection[enabled]': 'true',
    });
    expect(asked!.form.get('success_url')).toStartWith('http://localhost:3000/book/paid?hold=');
    expect(await db().select().from(bookings)).toEqual([]);
    expect(await outbox()).toEqual([]);
    // The held time is no one else's meanwhile: not offered, and refused.
    expect(await paidSlots()).not.toContain(start);
    expect((await slotsOf()).map((slot) => slot.start)).not.toContain(start);
    expect((await book({ start, email: 'other@example.com' })).status).toBe(409);
  });

  test('a series the coach books treats a held time as booked', async () => {
    const { start } = await heldSession();
    const client = await sendJson(
      'POST',
      '/api/admin/clients',
      { name: 'Ada Okafor', email: 'ada@example.com', phone: '', organisation: '', timeZone: null, status: 'active', tags: [] },
      { headers: admin.headers() },
    );
    const clientId = ((await client.json()) as { id: number }).id;
    const preview = await sendJson(
      'POST',
      `/api/admin/clients/${clientId}/series/preview`,
      { sessionTypeId: await paidTypeId(), date: start.slice(0, 10), time: start.slice(11, 16), every: 1, count: 2 },
      { headers: admin.headers() },
    );
    expect(preview.status).toBe(200);
    const { occurrences } = (await preview.json()) as { occurrences: Array<{ conflicts: string[] }> };
    expect(occurrences[0]!.conflicts).toEqual([seriesOtherBooking(start.slice(11, 16))]);
  });

  test('with payments off it is refused in words and nothing is held', async () => {
    undoStripe();
    const response = await bookPaid((await paidSlots())[0]!);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { message: string }).message).toBe(PAYMENTS_UNAVAILABLE_MESSAGE);
    expect(await db().select().from(paymentHolds)).toEqual([]);
    undoStripe = stripe.enable();
  });

  test('when Stripe does not answer, the visitor is told to try again and the time is free at once', async () => {
    stripe.failing.checkout = 3;
    const start = (await paidSlots())[2]!;
    const response = await bookPaid(start);
    expect(response.status).toBe(502);
    // The stripe package retried twice, each with the same idempotency key.
    expect(stripe.requests.map((asked) => asked.idempotencyKey)).toEqual(Array(3).fill(stripe.requests[0]!.idempotencyKey));
    expect((await db().select().from(paymentHolds))[0]!.status).toBe('released');
    expect(await paidSlots()).toContain(start);
  });

  test('a client with a credit for it books with the credit, without paying', async () => {
    const pack = await sendJson(
      'POST',
      '/api/admin/packages',
      { name: 'Three sessions', sessions: 3, sessionTypeIds: [await paidTypeId()], validDays: null, price: '' },
      { headers: admin.headers() },
    );
    const client = await sendJson(
      'POST',
      '/api/admin/clients',
      { name: 'Grace Hopper', email: 'grace@example.com', phone: '', organisation: '', timeZone: null, status: 'active', tags: [] },
      { headers: admin.headers() },
    );
    const clientId = ((await client.json()) as { id: number }).id;
    const packageId = ((await pack.json()) as { id: number }).id;
    expect(
      (await sendJson('POST', `/api/admin/clients/${clientId}/packages`, { packageId, note: '' }, { headers: admin.headers() })).status,
    ).toBe(201);
    const response = await bookPaid((await paidSlots())[0]!);
    expect(response.status).toBe(201);
    expect(stripe.requests).toEqual([]);
    expect(await db().select().from(payments)).toEqual([]);
  });
});

const paidTypeId = async () =>
  (await db().select({ id: sessionTypes.id }).from(sessionTypes).where(eq(sessionTypes.slug, 'paid-coaching')))[0]!.id;

describe('the webhook', () => {
  test('a paid Checkout session books the held time once: the booking, its payment with invoice 1, and the emails', async () => {
    const { start, session } = await heldSession();
    const delivery = await completed(session);
    const response = await deliver(delivery);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: true, outcome: expect.stringMatching(/^Booked session \d+$/) });
    const [booking] = await db().select().from(bookings);
    expect(booking).toMatchObject({ status: 'confirmed', email: 'grace@example.com', name: 'Grace Hopper' });
    expect(booking!.startsAt.toISOString()).toBe(start);
    const [payment] = await db().select().from(payments);
    expect(payment).toMatchObject({
      kind: 'payment',
      method: 'card',
      status: 'succeeded',
      amountMinor: 12_000,
      currency: 'EUR',
      bookingId: booking!.id,
      clientId: booking!.clientId,
      invoiceNumber: 1,
      stripeCheckoutSession: session.id as string,
    });
    expect((await db().select().from(paymentHolds))[0]).toMatchObject({ status: 'paid', bookingId: booking!.id });
    const kinds = (await outbox()).map((email) => email.kind);
    expect(kinds).toContain('booking_confirmation');
    const receipt = (await outbox()).find((email) => email.kind === 'payment_receipt')!;
    expect(receipt.toAddress).toBe('grace@example.com');
    expect(receipt.subject).toBe('Receipt INV-0001: €120.00 paid to Summit Leadership Coaching');
  });

  test('delivered five times, and two at once, it books once and records one payment', async () => {
    const { session } = await heldSession();
    const delivery = await completed(session);
    const answers = await Promise.all([deliver(delivery), deliver(delivery)]);
    for (let i = 0; i < 3; i += 1) answers.push(await deliver(delivery));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((outcome) => outcome === 'Already received')).toHaveLength(4);
    expect(await db().select().from(bookings)).toHaveLength(1);
    expect(await db().select().from(payments)).toHaveLength(1);
    expect(await db().select().from(stripeEvents)).toHaveLength(1);
  });

  test('out of order: async_payment_succeeded first, then completed (a different event of the same session) books once', async () => {
    const { session } = await heldSession();
    expect((await deliver(signedEvent('checkout.session.async_payment_succeeded', paidSession(session, 'pi_test_one')))).status).toBe(200);
    const later = await deliver(signedEvent('checkout.session.completed', paidSession(session, 'pi_test_one')));
    expect(((await later.json()) as { outcome: string }).outcome).toMatch(/^Already settled/);
    expect(await db().select().from(bookings)).toHaveLength(1);
    expect(await db().select().from(payments)).toHaveLength(1);
  });

  test('a completed session not yet paid (a bank debit) books nothing until it clears', async () => {
    const { session } = await heldSession();
    const unpaid = await signedEvent('checkout.session.completed', { ...session, status: 'complete', payment_status: 'unpaid' });
    expect(((await (await deliver(unpaid)).json()) as { outcome: string }).outcome).toBe('Waiting: the payment has not cleared yet');
    expect(await db().select().from(bookings)).toEqual([]);
  });

  test('a wrong or missing signature, another secret, or a stale timestamp: 400 and nothing changes', async () => {
    const { session } = await heldSession();
    const good = await completed(session);
    const refusals = [
      { payload: good.payload, signature: good.signature.replace(/v1=[0-9a-f]{4}/, 'v1=0000') },
      await completed(session, { secret: 'whsec_someoneElse' }),
      await completed(session, { timestamp: Math.floor(Date.now() / 1000) - 400 }),
      { payload: good.payload.replace('"paid"', '"paid" '), signature: good.signature },
    ];
    for (const delivery of refusals) {
      const response = await deliver(delivery);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(WEBHOOK_SIGNATURE_MESSAGE);
    }
    const unsigned = await request('/api/payments/webhook', { method: 'POST', body: good.payload });
    expect(unsigned.status).toBe(400);
    expect(await db().select().from(stripeEvents)).toEqual([]);
    expect(await db().select().from(bookings)).toEqual([]);
  });

  test('events the site does not act on are recorded and ignored; a session the site did not open changes nothing', async () => {
    const other = await deliver(signedEvent('customer.created', { id: 'cus_test_1', object: 'customer' }));
    expect(((await other.json()) as { outcome: string }).outcome).toBe('Ignored: not an event the site acts on');
    const stranger = await deliver(completed({ id: 'cs_test_stranger', object: 'checkout.session', metadata: {} }));
    expect(((await stranger.json()) as { outcome: string }).outcome).toBe('Ignored: not a payment of this site');
    expect(await db().select().from(stripeEvents)).toHaveLength(2);
    expect(await db().select().from(payments)).toEqual([]);
  });

  test('checkout.session.expired lets the hold go: the time is offered again', async () => {
    const { start, session } = await heldSession();
    await deliver(signedEvent('checkout.session.expired', { ...session, status: 'expired' }));
    expect((await db().select().from(paymentHolds))[0]!.status).toBe('released');
    expect(await paidSlots()).toContain(start);
  });
});

describe('holds run out', () => {
  test('on a fake clock: the time is kept until the hold’s last instant and offered again after it; release marks it', async () => {
    const { start } = await heldSession();
    const [hold] = await db().select().from(paymentHolds);
    const offered = async (now: Date) => (await openSlots({ slug: 'paid-coaching' }, now)).slots.map((slot) => slot.start);
    expect(await offered(new Date(hold!.expiresAt.getTime() - 1_000))).not.toContain(start);
    expect(await offered(new Date(hold!.expiresAt.getTime() + 1_000))).toContain(start);
    expect(await releaseExpiredHolds(new Date(hold!.expiresAt.getTime() - 1_000))).toBe(0);
    expect(await releaseExpiredHolds(new Date(hold!.expiresAt.getTime() + 1_000))).toBe(1);
    expect((await db().select().from(paymentHolds))[0]!.status).toBe('released');
  });

  test('after PAYMENT_HOLD_MS the time is offered again; a payment arriving later is refunded through Stripe and the payer told why', async () => {
    const undoHold = setEnv({ PAYMENT_HOLD_MS: '1000' });
    try {
      const { start, session } = await heldSession();
      expect(await paidSlots()).not.toContain(start);
      await Bun.sleep(1100);
      expect(await paidSlots()).toContain(start);
      expect(await releaseExpiredHolds()).toBe(1);
      const response = await deliver(completed(session));
      expect(((await response.json()) as { outcome: string }).outcome).toBe(`Refunded: ${TOO_LATE_REASON.toLowerCase()}`);
      expect(await db().select().from(bookings)).toEqual([]);
      const rows = await db().select().from(payments).orderBy(asc(payments.id));
      expect(rows.map((row) => [row.kind, row.status, row.amountMinor, row.invoiceNumber])).toEqual([
        ['payment', 'succeeded', 12_000, 1],
        ['refund', 'pending', -12_000, null],
      ]);
      const tooLate = (await outbox()).find((email) => email.kind === 'payment_too_late')!;
      expect(tooLate.subject).toBe('Your payment to Summit Leadership Coaching is being refunded');
      expect(tooLate.text).toContain('reached us after the time we were holding for you had run out, so nothing was booked');

      // The refund worker asks Stripe once, keyed by the refund, and then numbers it and sends its receipt.
      expect(await sendDueRefund()).toBe(1);
      const [asked] = stripe.requests.filter((request) => request.path === '/v1/refunds');
      expect(asked!.idempotencyKey).toBe(`refund-${rows[1]!.id}`);
      expect(Object.fromEntries(asked!.form)).toMatchObject({ payment_intent: rows[0]!.stripePaymentIntent!, amount: '12000' });
      const [refund] = await db().select().from(payments).where(eq(payments.kind, 'refund'));
      expect(refund).toMatchObject({ status: 'succeeded', invoiceNumber: 2, stripeRefund: expect.stringMatching(/^re_test_/) });
      const receipt = (await outbox()).find((email) => email.kind === 'refund_receipt')!;
      expect(receipt.subject).toBe('Refund INV-0002: €120.00 from Summit Leadership Coaching');
      expect(await sendDueRefund()).toBe(0);
    } finally {
      undoHold();
    }
  });

  test('a late payment is refunded once, whichever of its session’s events come after', async () => {
    const undoHold = setEnv({ PAYMENT_HOLD_MS: '1000' });
    try {
      const { session } = await heldSession();
      await Bun.sleep(1100);
      await deliver(completed(session));
      const again = await deliver(signedEvent('checkout.session.async_payment_succeeded', paidSession(session)));
      expect(((await again.json()) as { outcome: string }).outcome).toMatch(/^Already settled/);
      expect((await db().select().from(payments)).map((row) => row.kind).sort()).toEqual(['payment', 'refund']);
    } finally {
      undoHold();
    }
  });

  test('a refund Stripe fails to take is tried again later with the same idempotency key, never twice at once', async () => {
    const undoHold = setEnv({ PAYMENT_HOLD_MS: '1000' });
    try {
      const { session } = await heldSession();
      await Bun.sleep(1100);
      await deliver(completed(session));
      stripe.failing.refunds = 3;
      expect(await sendDueRefund()).toBe(1);
      const [pending] = await db().select().from(payments).where(eq(payments.kind, 'refund'));
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, invoiceNumber: null });
      expect(pending!.lastError).toContain('An error occurred with our connection to Stripe.');
      // Not due again until its backoff has passed.
      expect(await sendDueRefund()).toBe(0);
      expect(await sendDueRefund(new Date(Date.now() + 10 * 60_000))).toBe(1);
      const keys = stripe.requests.filter((request) => request.path === '/v1/refunds').map((request) => request.idempotencyKey);
      expect(new Set(keys)).toEqual(new Set([`refund-${pending!.id}`]));
      expect((await db().select().from(payments).where(eq(payments.kind, 'refund')))[0]!.status).toBe('succeeded');
    } finally {
      undoHold();
    }
  });
});

describe('packages bought online', () => {
  async function pricedPackage() {
    const response = await sendJson(
      'POST',
      '/api/admin/packages',
      { name: 'Five sessions', sessions: 5, sessionTypeIds: [await paidTypeId()], validDays: 180, price: '', priceMinor: 50_000 },
      { headers: admin.headers() },
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  let buyers = 0;
  const buy = (packageId: number, email: string) =>
    sendJson(
      'POST',
      `/api/payments/packages/${packageId}/checkout`,
      { name: `Buyer ${email}`, email, timeZone: 'Europe/London' },
      { ip: `198.51.100.${++buyers % 250}` },
    );

  test('paid: the package is granted to the payer, a client from then on, with its credits in the ledger', async () => {
    const packageId = await pricedPackage();
    const response = await buy(packageId, 'ada@example.com');
    expect(response.status).toBe(202);
    const id = ((await response.json()) as { checkoutUrl: string }).checkoutUrl.split('/').pop()!;
    expect(Object.fromEntries(stripe.requests[0]!.form)).toMatchObject({
      'line_items[0][price_data][unit_amount]': '50000',
      cancel_url: 'http://localhost:3000/portal',
    });
    expect(await db().select().from(clientPackages)).toEqual([]);
    await deliver(completed(stripe.session(id)));
    const [grant] = await db().select().from(clientPackages);
    expect(grant).toMatchObject({ name: 'Five sessions', sessions: 5, note: 'Paid online by card' });
    expect((await db().select().from(creditLedger)).map((row) => [row.kind, row.amount])).toEqual([['granted', 5]]);
    expect((await db().select().from(payments))[0]).toMatchObject({
      clientPackageId: grant!.id,
      clientId: grant!.clientId,
      amountMinor: 50_000,
    });
  });

  test('a package without an online price cannot be bought (409), and an unknown one is 404', async () => {
    const response = await sendJson(
      'POST',
      '/api/admin/packages',
      { name: 'By arrangement', sessions: 2, sessionTypeIds: [await paidTypeId()], validDays: null, price: 'Ask me' },
      { headers: admin.headers() },
    );
    const id = ((await response.json()) as { id: number }).id;
    expect((await buy(id, 'ada@example.com')).status).toBe(409);
    expect((await buy(id + 1000, 'ada@example.com')).status).toBe(404);
  });

  test('twenty payments at once take twenty consecutive invoice numbers', async () => {
    const packageId = await pricedPackage();
    const sessions: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await buy(packageId, `buyer${i}@example.com`);
      sessions.push(stripe.session(((await response.json()) as { checkoutUrl: string }).checkoutUrl.split('/').pop()!));
    }
    const answers = await Promise.all(sessions.map((session) => deliver(completed(session))));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const numbers = (await db().select({ n: payments.invoiceNumber }).from(payments)).map((row) => row.n).sort((a, b) => a! - b!);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('prices and the currency', () => {
  test('the intro call is free, a price is whole minor units, and the currency is fixed once payments exist', async () => {
    const types = (await (await request('/api/admin/session-types', { headers: admin.headers() })).json()) as Array<
      Record<string, unknown>
    >;
    const intro = types.find((type) => type.intro)!;
    const { id, intro: _intro, position: _position, privateKey: _key, bookingCount: _count, ...input } = intro;
    const priced = await sendJson('PUT', `/api/admin/session-types/${id}`, { ...input, priceMinor: 5_000 }, { headers: admin.headers() });
    expect(priced.status).toBe(400);
    expect(((await priced.json()) as { message: string }).message).toBe(INTRO_CALL_FREE);
    for (const [priceMinor, message] of [
      [-1, 'Price must not be negative'],
      [12.5, 'Price must be a whole number of cents'],
      ['120', 'Price must be a number'],
    ] as const) {
      const response = await sendJson(
        'PUT',
        `/api/admin/session-types/${await paidTypeId()}`,
        { ...PAID, priceMinor },
        { headers: admin.headers() },
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    const settings = (body: unknown) => sendJson('PATCH', '/api/admin/settings', body, { headers: admin.headers() });
    expect((await settings({ currency: 'XYZ' })).status).toBe(400);
    expect((await settings({ currency: 'gbp' })).status).toBe(200);
    const { session } = await heldSession();
    expect(session.currency).toBe('gbp');
    await deliver(completed(session));
    const refused = await settings({ currency: 'USD' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(CURRENCY_FIXED_MESSAGE);
    expect((await db().select().from(payments))[0]!.currency).toBe('GBP');
    await db().delete(payments);
    expect((await settings({ currency: 'EUR' })).status).toBe(200);
  });

  test('the booking write itself refuses a paid session without a credit: it is never booked unpaid', async () => {
    const start = (await paidSlots())[0]!;
    const attempt = createBooking({
      start,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      topic: '',
      timeZone: 'UTC',
      sessionType: 'paid-coaching',
    });
    expect(attempt).rejects.toThrow(PAYMENT_NEEDED_MESSAGE);
    await attempt.catch(() => undefined);
    expect(await db().select().from(bookings)).toEqual([]);
  });
});
