// The coach's side of money (issue 37 §4–§7) and the client's receipts: refunds under the
// cancellation rules, the coach's full and part refunds, bank transfers and cash recorded by hand,
// Admin → Payments by client and month, the accountant's CSV, and the PDF invoices and credit
// notes (read back with a PDF text extractor), also from the client portal.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { auditLog, bookings, counters, paymentHolds, payments, siteSettings, stripeEvents } from '#db/schema.ts';
import { REFUND_TOO_LARGE } from '#server/services/payments/ledger.ts';
import { sendDueRefund } from '#server/services/payments/refunds.ts';
import { createSessionType } from '#server/services/session-types.ts';
import { MANUAL_TARGET_MESSAGE } from '#src/schemas/payments.ts';
import { lateUnrefundedMessage } from '#src/schemas/session-rules.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { manageTokenIn, setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { clientSignedIn } from '../helpers/portal.ts';
import { COACHING, clearPractice } from '../helpers/practice.ts';
import { paidSession, signedEvent, stripeApiForFile } from '../helpers/stripe-api.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { book, outbox, setSetting } = setupBookingSite(db);
const admin = adminSession(db);
const stripe = stripeApiForFile();

const PAID = {
  ...COACHING,
  name: 'Coaching session',
  slug: 'paid-coaching',
  access: 'anyone' as const,
  priceMinor: 12_000,
  cancelCutoffHours: 24,
};
const HOUR = 60 * 60 * 1000;

let undoStripe: () => void;
beforeEach(async () => {
  await db().delete(payments);
  await db().delete(paymentHolds);
  await db().delete(stripeEvents);
  await db().delete(counters);
  await db().delete(siteSettings).where(eq(siteSettings.key, 'taxRate'));
  await clearPractice(db());
  await createSessionType(PAID);
  undoStripe = stripe.enable();
});
afterEach(() => undoStripe());

const adminGet = async (path: string) => {
  const response = await request(path, { headers: admin.headers() });
  return { status: response.status, body: await response.json() };
};
const adminPost = async (path: string, body: unknown) => {
  const response = await sendJson('POST', path, body, { headers: admin.headers() });
  return { status: response.status, body: await response.json() };
};

const paidSlots = async () =>
  ((await (await request('/api/booking/slots?type=paid-coaching')).json()) as { slots: Array<{ start: string }> }).slots.map(
    (slot) => slot.start,
  );

/** A paid session booked and paid by card through Checkout and the webhook; its booking and payment rows. */
async function paidBooking(start: string, email = 'grace@example.com', customerDetails: Record<string, unknown> | null = null) {
  const response = await book({ start, email, sessionType: 'paid-coaching', answers: {} });
  expect(response.status).toBe(202);
  const id = ((await response.json()) as { checkoutUrl: string }).checkoutUrl.split('/').pop()!;
  const delivery = await signedEvent('checkout.session.completed', {
    ...paidSession(stripe.session(id)),
    customer_details: customerDetails,
  });
  const answer = await request('/api/payments/webhook', {
    method: 'POST',
    headers: { 'Stripe-Signature': delivery.signature },
    body: delivery.payload,
  });
  expect(answer.status).toBe(200);
  const [booking] = await db().select().from(bookings).where(eq(bookings.email, email));
  const [payment] = await db().select().from(payments).where(eq(payments.bookingId, booking!.id));
  return { booking: booking!, payment: payment! };
}

const manageToken = async (email: string) =>
  manageTokenIn((await outbox()).find((row) => row.kind === 'booking_confirmation' && row.toAddress === email)!.text);
const cancelAsVisitor = (token: string, late = false) =>
  sendJson('POST', '/api/bookings/manage/cancel', { token, ...(late ? { late } : {}) });

const pdfText = async (response: Response) => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text;
};

describe('refunds under the rules', () => {
  test('cancelled by the visitor before the cut-off: the card payment is refunded in full through Stripe', async () => {
    const start = (await paidSlots()).find((at) => Date.parse(at) > Date.now() + 30 * HOUR)!;
    const { payment } = await paidBooking(start);
    expect((await cancelAsVisitor(await manageToken('grace@example.com'))).status).toBe(200);
    const [refund] = await db().select().from(payments).where(eq(payments.kind, 'refund'));
    expect(refund).toMatchObject({ status: 'pending', amountMinor: -12_000, refundOf: payment.id, reason: 'Cancelled in time' });
    expect(await sendDueRefund()).toBe(1);
    expect(Object.fromEntries(stripe.requests.at(-1)!.form)).toMatchObject({
      payment_intent: payment.stripePaymentIntent!,
      amount: '12000',
    });
  });

  test('after the cut-off: the visitor is told it is not refunded and must confirm; then nothing is refunded', async () => {
    const start = (await paidSlots()).find((at) => Date.parse(at) < Date.now() + 20 * HOUR)!;
    await paidBooking(start);
    const token = await manageToken('grace@example.com');
    const managed = await (await request(`/api/bookings/manage?token=${token}`)).json();
    expect(managed).toMatchObject({ paid: true, credit: null });
    const refused = await cancelAsVisitor(token);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(lateUnrefundedMessage(24));
    expect((await cancelAsVisitor(token, true)).status).toBe(200);
    expect(await db().select().from(payments).where(eq(payments.kind, 'refund'))).toEqual([]);
  });

  test('cancelled by the coach, even late: refunded in full', async () => {
    const start = (await paidSlots()).find((at) => Date.parse(at) < Date.now() + 20 * HOUR)!;
    const { booking } = await paidBooking(start);
    expect((await adminPost(`/api/admin/bookings/${booking.id}/cancel`, { message: 'I am unwell' })).status).toBe(200);
    const [refund] = await db().select().from(payments).where(eq(payments.kind, 'refund'));
    expect(refund).toMatchObject({ amountMinor: -12_000, reason: 'Cancelled by the coach' });
  });
});

describe('the coach’s refunds and payments by hand', () => {
  test('part refunds by card, never more than what is left; each audited', async () => {
    const { payment } = await paidBooking((await paidSlots())[5]!);
    const first = await adminPost(`/api/admin/payments/${payment.id}/refund`, { amountMinor: 5_000, reason: 'Half the session' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: 'refund', status: 'pending', amountMinor: -5_000, reason: 'Half the session', number: null });
    const tooMuch = await adminPost(`/api/admin/payments/${payment.id}/refund`, { amountMinor: 7_001, reason: 'More' });
    expect(tooMuch).toEqual({ status: 409, body: { message: REFUND_TOO_LARGE } });
    expect((await adminPost(`/api/admin/payments/${payment.id}/refund`, { amountMinor: 7_000, reason: 'The rest' })).status).toBe(201);
    expect(await sendDueRefund()).toBe(1);
    expect(await sendDueRefund()).toBe(1);
    const refunds = await db().select().from(payments).where(eq(payments.kind, 'refund')).orderBy(asc(payments.id));
    expect(refunds.map((row) => [row.status, row.amountMinor, row.invoiceNumber])).toEqual([
      ['succeeded', -5_000, 2],
      ['succeeded', -7_000, 3],
    ]);
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, 'payment.refunded'));
    expect(audited).toHaveLength(2);
    // A refund cannot itself be refunded.
    expect((await adminPost(`/api/admin/payments/${refunds[0]!.id}/refund`, { amountMinor: 1, reason: 'x' })).status).toBe(400);
  });

  test('a bank transfer for a booking counts as paid with a receipt; a cash refund of it is settled at once', async () => {
    const slot = (await paidSlots())[7]!;
    // An intro call the visitor booked, which the coach then charges for by invoice.
    expect((await book({ start: slot, email: 'ada@example.com' })).status).toBe(201);
    const [booking] = await db().select().from(bookings).where(eq(bookings.email, 'ada@example.com'));
    const recorded = await adminPost('/api/admin/payments/manual', {
      method: 'bank_transfer',
      bookingId: booking!.id,
      amountMinor: 9_000,
      billTo: { company: 'Summit Ltd', address: '1 High Street\nLondon', taxId: 'GB123456789' },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({
      kind: 'payment',
      method: 'bank_transfer',
      status: 'succeeded',
      amountMinor: 9_000,
      number: 'INV-0001',
      refundableMinor: 9_000,
    });
    const receipt = (await outbox()).find((row) => row.kind === 'payment_receipt')!;
    expect(receipt.toAddress).toBe('ada@example.com');
    expect(receipt.subject).toBe('Receipt INV-0001: €90.00 paid to Summit Leadership Coaching');
    const invoice = await pdfText(await request(`/api/admin/payments/${recorded.body.id}/invoice`, { headers: admin.headers() }));
    for (const line of ['Invoice INV-0001', 'Summit Ltd', 'GB123456789', 'Paid by Bank transfer', '€90.00'])
      expect(invoice).toContain(line);
    const refund = await adminPost(`/api/admin/payments/${recorded.body.id}/refund`, { amountMinor: 2_000, reason: 'Goodwill' });
    expect(refund.body).toMatchObject({ method: 'bank_transfer', status: 'succeeded', number: 'INV-0002', amountMinor: -2_000 });
    expect((await outbox()).filter((row) => row.kind === 'refund_receipt')).toHaveLength(1);
    expect(stripe.requests).toEqual([]);
    expect((await db().select().from(auditLog).where(eq(auditLog.action, 'payment.recorded'))).length).toBe(1);
  });

  test('a payment by hand names exactly one booking or package that exists', async () => {
    expect(await adminPost('/api/admin/payments/manual', { method: 'cash', amountMinor: 100 })).toEqual({
      status: 400,
      body: { message: MANUAL_TARGET_MESSAGE, field: 'bookingId' },
    });
    expect((await adminPost('/api/admin/payments/manual', { method: 'cash', bookingId: 424242, amountMinor: 100 })).status).toBe(400);
    expect(await db().select().from(payments)).toEqual([]);
  });
});

describe('Admin → Payments, the CSV and the invoices', () => {
  test('lists every payment, refund and hold with totals; filtered by client and month', async () => {
    const slots = await paidSlots();
    const grace = await paidBooking(slots[3]!, 'grace@example.com');
    await paidBooking(slots[9]!, 'ada@example.com');
    await adminPost(`/api/admin/payments/${grace.payment.id}/refund`, { amountMinor: 2_000, reason: 'Late start' });
    const all = await adminGet('/api/admin/payments');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      online: true,
      currency: 'EUR',
      totals: { receivedMinor: 24_000, refundedMinor: -2_000, netMinor: 22_000 },
    });
    expect(all.body.payments).toHaveLength(3);
    expect(all.body.holds.map((hold: { status: string }) => hold.status)).toEqual(['paid', 'paid']);
    expect(all.body.webhooks).toHaveLength(2);
    const ofGrace = await adminGet(`/api/admin/payments?client=${grace.booking.clientId}`);
    expect(ofGrace.body.payments.map((row: { amountMinor: number }) => row.amountMinor)).toEqual([-2_000, 12_000]);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect((await adminGet(`/api/admin/payments?month=${thisMonth}`)).body.payments).toHaveLength(3);
    expect((await adminGet('/api/admin/payments?month=2001-01')).body.payments).toEqual([]);
    expect((await adminGet('/api/admin/payments?month=2026-13')).status).toBe(400);
  });

  test('the accountant’s CSV: one line per movement, amounts from the integers, formulas made inert', async () => {
    const { payment } = await paidBooking((await paidSlots())[4]!, 'grace@example.com');
    await db().update(payments).set({ payerName: '=HYPERLINK("x")' }).where(eq(payments.id, payment.id));
    await adminPost(`/api/admin/payments/${payment.id}/refund`, { amountMinor: 2_050, reason: 'Late start' });
    const response = await request('/api/admin/payments/export.csv', { headers: admin.headers() });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,number,kind,method,status,payer,email,company,description,net,tax,total,currency,reason,stripe_id');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"INV-0001","payment","Card (Stripe)","succeeded","\'=HYPERLINK(""x"")","grace@example.com"');
    expect(lines[1]).toContain(',120.00,0.00,120.00,"EUR"');
    expect(lines[2]).toContain('"refund","Card (Stripe)","pending"');
    expect(lines[2]).toContain(',-20.50,0.00,-20.50,"EUR","Late start"');
  });

  test('the invoice PDF names the business, its tax id, the tax and the company that paid at Checkout; the portal gives a client their own only', async () => {
    for (const [key, value] of [
      ['businessName', 'Avery Coaching Ltd'],
      ['businessAddress', '1 Harbour Road\nBristol'],
      ['taxId', 'GB999888777'],
      ['taxRate', 2000],
    ] as const)
      await setSetting(key, value);
    const { payment, booking } = await paidBooking((await paidSlots())[6]!, 'grace@example.com');
    expect(payment).toMatchObject({ taxMinor: 2_000, taxRateBasisPoints: 2000, taxInclusive: true });
    const text = await pdfText(await request(`/api/admin/payments/${payment.id}/invoice`, { headers: admin.headers() }));
    for (const line of [
      'Invoice INV-0001',
      'Avery Coaching Ltd',
      'Tax ID: GB999888777',
      'Grace Hopper',
      'Includes tax (20%)',
      '€120.00',
      '€20.00',
    ])
      expect(text).toContain(line);

    const grace = await clientSignedIn(booking.clientId!);
    const receipts = await request('/api/portal/me/receipts', { headers: { Cookie: grace.cookie } });
    expect(((await receipts.json()) as Array<{ number: string }>).map((row) => row.number)).toEqual(['INV-0001']);
    expect(await pdfText(await request(`/api/portal/me/receipts/${payment.id}/invoice`, { headers: { Cookie: grace.cookie } }))).toContain(
      'Invoice INV-0001',
    );
    const other = await paidBooking((await paidSlots())[8]!, 'ada@example.com');
    expect((await request(`/api/portal/me/receipts/${other.payment.id}/invoice`, { headers: { Cookie: grace.cookie } })).status).toBe(404);
    expect((await request(`/api/portal/me/receipts/${payment.id}/invoice`)).status).toBe(401);
  });
});

describe('privacy', () => {
  test('the export lists the person’s payments; erasing them removes their holds but keeps the payments for the books', async () => {
    const slots = await paidSlots();
    const { payment } = await paidBooking(slots[2]!, 'grace@example.com');
    // A second checkout begun and left: its hold holds their answers.
    expect((await book({ start: slots[10]!, email: 'grace@example.com', sessionType: 'paid-coaching', answers: {} })).status).toBe(202);
    const exported = await adminGet(`/api/admin/privacy/export?email=${encodeURIComponent('GRACE@example.com')}`);
    expect(exported.status).toBe(200);
    expect(exported.body.payments).toEqual([
      expect.objectContaining({ kind: 'payment', amountMinor: 12_000, currency: 'EUR', invoiceNumber: 1 }),
    ]);
    expect((await adminPost('/api/admin/privacy/erase', { email: 'grace@example.com' })).status).toBe(200);
    expect(await db().select().from(paymentHolds)).toEqual([]);
    const [kept] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(kept).toMatchObject({ payerEmail: 'grace@example.com', bookingId: null, clientId: null, invoiceNumber: 1 });
  });
});
