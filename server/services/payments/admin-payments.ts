import { TZDate } from '@date-fns/tz';
import { and, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, clientPackages, clients, type Payment, paymentHolds, payments, sessionTypes, stripeEvents } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { paymentsEnabled } from '#server/payments/stripe.ts';
import { moneyInput, taxOf } from '#src/schemas/money.ts';
import type { HoldEntry, ManualPaymentInput, PaymentEntry, PaymentsOverview, PaymentsQuery } from '#src/schemas/payments.ts';
import { recordAudit } from '../audit.ts';
import { csvCell } from '../csv.ts';
import { mailBrand, readSettings } from '../settings.ts';
import { invoiceLabel, PAID_WITH, recordPayment, recordRefund } from './ledger.ts';

// Admin → Payments (issue 37 §6, §7): every payment, refund and hold with its state, by client and
// month, as CSV for the accountant, the webhook deliveries, and what the coach records by hand.

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const NOT_A_PAYMENT = 'Only a payment can be refunded';
export const TARGET_NOT_FOUND = 'There is no such booking or granted package';

const LISTED = 500;

/** The month's first and next month's first instant, in the coach's zone. */
function monthRange(month: string, timeZone: string): [Date, Date] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return [new Date(new TZDate(year, number - 1, 1, timeZone).getTime()), new Date(new TZDate(year, number, 1, timeZone).getTime())];
}

async function ledgerRows(db: Database, query: PaymentsQuery, timeZone: string): Promise<Payment[]> {
  const range = query.month ? monthRange(query.month, timeZone) : null;
  return db
    .select()
    .from(payments)
    .where(
      and(
        query.client ? eq(payments.clientId, query.client) : undefined,
        range ? gte(payments.createdAt, range[0]) : undefined,
        range ? lt(payments.createdAt, range[1]) : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.month || query.client ? 10_000 : LISTED);
}

/**
 * Ledger rows as the screens show them, each payment with what is left to refund of it: the
 * refunds of every row are summed in one query, not one per row.
 */
export async function entriesOf(db: Database, rows: Payment[]): Promise<PaymentEntry[]> {
  const paymentIds = rows.filter((row) => row.kind === 'payment').map((row) => row.id);
  const refunded =
    paymentIds.length === 0
      ? []
      : await db
          .select({ paymentId: payments.refundOf, sum: sql<number>`coalesce(sum(${payments.amountMinor}), 0)`.mapWith(Number) })
          .from(payments)
          .where(and(inArray(payments.refundOf, paymentIds), ne(payments.status, 'failed')))
          .groupBy(payments.refundOf);
  const refundedOf = new Map(refunded.map((row) => [row.paymentId, row.sum]));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    method: row.method,
    status: row.status,
    amountMinor: row.amountMinor,
    taxMinor: row.taxMinor,
    currency: row.currency,
    description: row.description,
    payerName: row.payerName,
    payerEmail: row.payerEmail,
    clientId: row.clientId,
    bookingId: row.bookingId,
    number: row.invoiceNumber === null ? null : invoiceLabel(row.invoiceNumber),
    reason: row.reason,
    // Refunds are negative: what is left is the payment plus them.
    refundableMinor: row.kind === 'payment' ? row.amountMinor + (refundedOf.get(row.id) ?? 0) : 0,
    lastError: row.lastError,
    at: (row.settledAt ?? row.createdAt).toISOString(),
  }));
}

const entryOf = async (db: Database, row: Payment) => (await entriesOf(db, [row]))[0]!;

export async function paymentsOverview(query: PaymentsQuery): Promise<PaymentsOverview> {
  const db = await database();
  const settings = await readSettings();
  const rows = await ledgerRows(db, query, settings.timeZone);
  const entries = await entriesOf(db, rows);
  const counted = rows.filter((row) => row.status !== 'failed');
  const receivedMinor = counted.filter((row) => row.kind === 'payment').reduce((sum, row) => sum + row.amountMinor, 0);
  const refundedMinor = counted.filter((row) => row.kind === 'refund').reduce((sum, row) => sum + row.amountMinor, 0);
  const holds = await db
    .select({
      hold: paymentHolds,
      typeName: sessionTypes.name,
    })
    .from(paymentHolds)
    .leftJoin(sessionTypes, eq(sessionTypes.id, paymentHolds.sessionTypeId))
    .orderBy(desc(paymentHolds.id))
    .limit(50);
  const webhooks = await db.select().from(stripeEvents).orderBy(desc(stripeEvents.receivedAt)).limit(50);
  return {
    online: paymentsEnabled(),
    currency: settings.currency,
    payments: entries,
    holds: holds.map(
      ({ hold, typeName }): HoldEntry => ({
        id: hold.id,
        kind: hold.kind,
        status: hold.status === 'pending' && hold.expiresAt <= new Date() ? 'released' : hold.status,
        name: hold.name,
        email: hold.email,
        what: typeName ?? 'A package',
        start: hold.startsAt?.toISOString() ?? null,
        amountMinor: hold.amountMinor,
        currency: hold.currency,
        expiresAt: hold.expiresAt.toISOString(),
        createdAt: hold.createdAt.toISOString(),
      }),
    ),
    webhooks: webhooks.map((event) => ({
      id: event.id,
      type: event.type,
      outcome: event.outcome,
      receivedAt: event.receivedAt.toISOString(),
    })),
    totals: { receivedMinor, refundedMinor, netMinor: receivedMinor + refundedMinor },
  };
}

export const PAYMENTS_CSV_HEADER = [
  'date',
  'number',
  'kind',
  'method',
  'status',
  'payer',
  'email',
  'company',
  'description',
  'net',
  'tax',
  'total',
  'currency',
  'reason',
  'stripe_id',
];

/** The ledger rows of a client or month as CSV for the accountant: amounts in major units, written from the integers. */
export async function paymentsCsv(query: PaymentsQuery): Promise<string> {
  const db = await database();
  const settings = await readSettings();
  const rows = (await ledgerRows(db, query, settings.timeZone)).reverse();
  const day = (at: Date) => new TZDate(at, settings.timeZone).toISOString().slice(0, 10);
  const amount = (minor: number, currency: string) => (minor < 0 ? `-${moneyInput(-minor, currency)}` : moneyInput(minor, currency));
  const lines = rows.map((row) =>
    [
      csvCell(day(row.settledAt ?? row.createdAt)),
      csvCell(row.invoiceNumber === null ? '' : invoiceLabel(row.invoiceNumber)),
      csvCell(row.kind),
      csvCell(PAID_WITH[row.method]),
      csvCell(row.status),
      csvCell(row.payerName),
      csvCell(row.payerEmail),
      csvCell(row.billTo?.company ?? ''),
      csvCell(row.description),
      amount(row.amountMinor - row.taxMinor, row.currency),
      amount(row.taxMinor, row.currency),
      amount(row.amountMinor, row.currency),
      csvCell(row.currency),
      csvCell(row.reason),
      csvCell(row.stripeRefund ?? row.stripePaymentIntent ?? ''),
    ].join(','),
  );
  return `${[PAYMENTS_CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}

/** A bank transfer or cash payment the coach received for a booking or a granted package: it counts as paid, with a receipt. */
export async function recordManualPayment(input: ManualPaymentInput, now = new Date()): Promise<PaymentEntry> {
  const db = await database();
  const [brand, settings] = await Promise.all([mailBrand(), readSettings()]);
  const target = await manualTarget(db, input, settings.timeZone);
  const row = await db.transaction(async (tx) => {
    // What the coach received is the total: its tax is the part of it at the site's rate.
    const taxMinor = taxOf(input.amountMinor, settings.taxRate, true);
    const payment = await recordPayment(
      tx,
      brand,
      {
        method: input.method,
        amountMinor: input.amountMinor,
        taxMinor,
        currency: settings.currency,
        taxRateBasisPoints: settings.taxRate || null,
        taxInclusive: true,
        billTo: input.billTo,
        ...target,
      },
      target.timeZone,
      now,
    );
    await recordAudit(tx, {
      action: 'payment.recorded',
      target: { type: 'payment', id: String(payment.id) },
      details: { method: input.method },
    });
    return payment;
  });
  return entryOf(db, row);
}

async function manualTarget(db: Database, input: ManualPaymentInput, coachZone: string) {
  if (input.bookingId !== null) {
    const [row] = await db
      .select({ booking: bookings, typeName: sessionTypes.name })
      .from(bookings)
      .innerJoin(sessionTypes, eq(sessionTypes.id, bookings.sessionTypeId))
      .where(eq(bookings.id, input.bookingId));
    if (!row) throw badRequest(TARGET_NOT_FOUND);
    const when = new TZDate(row.booking.startsAt, row.booking.timeZone);
    return {
      bookingId: row.booking.id,
      clientId: row.booking.clientId,
      payerName: row.booking.name,
      payerEmail: row.booking.email,
      description: `${row.typeName}, ${when.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}`,
      timeZone: row.booking.timeZone,
    };
  }
  const [row] = await db
    .select({ grant: clientPackages, client: clients })
    .from(clientPackages)
    .innerJoin(clients, eq(clients.id, clientPackages.clientId))
    .where(eq(clientPackages.id, input.clientPackageId!));
  if (!row) throw badRequest(TARGET_NOT_FOUND);
  return {
    clientPackageId: row.grant.id,
    clientId: row.client.id,
    payerName: row.client.name,
    payerEmail: row.client.email,
    description: `Package “${row.grant.name}” (${row.grant.sessions} sessions)`,
    timeZone: row.client.timeZone ?? coachZone,
  };
}

/** The coach refunds all or part of a payment, with a reason: by card through Stripe, else recorded as given back. */
export async function refundByCoach(id: number, refund: { amountMinor: number; reason: string }, now = new Date()): Promise<PaymentEntry> {
  const db = await database();
  const [brand, settings] = await Promise.all([mailBrand(), readSettings()]);
  const [payment] = await db.select().from(payments).where(eq(payments.id, id));
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  if (payment.kind !== 'payment' || payment.status !== 'succeeded') throw badRequest(NOT_A_PAYMENT);
  const row = await db.transaction(async (tx) => {
    const made = await recordRefund(tx, brand, payment, refund, settings.timeZone, now);
    await recordAudit(tx, {
      action: 'payment.refunded',
      target: { type: 'payment', id: String(payment.id) },
      details: { amountMinor: refund.amountMinor },
    });
    return made;
  });
  return entryOf(db, row);
}

/** A client's own payments and refunds, for their portal. */
export async function paymentsOfClient(clientId: number): Promise<PaymentEntry[]> {
  const db = await database();
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.clientId, clientId), inArray(payments.status, ['succeeded', 'pending'])))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return entriesOf(db, rows);
}
