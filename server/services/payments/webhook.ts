import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '#db/client.ts';
import { type PaymentHold, packages, paymentHolds, payments, stripeEvents } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { HttpError } from '#server/errors.ts';
import { enqueueEmail } from '#server/mail/outbox.ts';
import { paymentTooLateEmail } from '#server/mail/payment-templates.ts';
import { rulesOf, typeCapOf } from '../booking/bookable.ts';
import { claimingSlot, insertBooking, type MailContext, mailContext, queueConfirmations, takeTurn } from '../booking/calls.ts';
import { clientForBooking } from '../practice/clients.ts';
import { grantPackageIn } from '../practice/credits.ts';
import { sessionTypeById } from '../session-types.ts';
import { readSettings } from '../settings.ts';
import { recordPayment, recordRefund } from './ledger.ts';

// Stripe's events (issue 37 §3). Each is acted on in the transaction that records its id, so a
// redelivery, or the same event reaching two instances at once, finds the id and changes nothing
// (the second insert waits for the first transaction and then conflicts). Only a paid Checkout
// session books or grants anything; the success redirect never does.

export const TOO_LATE_REASON = 'The payment arrived after the held time had been released';
export const TAKEN_REASON = 'The held time was no longer free when the payment arrived';

/** Acts on a verified event once; answers what it did (also kept with the event, for Admin → Payments). */
export async function receiveEvent(event: Stripe.Event, now = new Date()): Promise<string> {
  const [ctx, settings] = await Promise.all([mailContext(), readSettings()]);
  const object = event.data.object as { id?: string };
  return (await database()).transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, objectId: object.id ?? '', outcome: 'Received' })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return 'Already received';
    const outcome = await act(
      tx,
      {
        ctx,
        coachTimeZone: settings.timeZone,
        tax: { taxRateBasisPoints: settings.taxRate || null, taxInclusive: settings.pricesIncludeTax },
      },
      event,
      now,
    );
    await tx.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.id, event.id));
    return outcome;
  });
}

interface Context {
  ctx: MailContext;
  coachTimeZone: string;
  /** The tax the site charges, as its receipts record it. */
  tax: { taxRateBasisPoints: number | null; taxInclusive: boolean };
}

async function act(tx: Database, context: Context, event: Stripe.Event, now: Date): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return settle(tx, context, event.data.object, now);
    case 'checkout.session.expired':
      return release(tx, event.data.object);
    default:
      return 'Ignored: not an event the site acts on';
  }
}

/** The hold a Checkout session was opened for, locked; undefined for a session the site did not open. */
async function holdOf(tx: Database, session: Stripe.Checkout.Session): Promise<PaymentHold | undefined> {
  const id = Number(session.metadata?.holdId);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [hold] = await tx.select().from(paymentHolds).where(eq(paymentHolds.id, id)).for('update');
  return hold;
}

async function release(tx: Database, session: Stripe.Checkout.Session): Promise<string> {
  const hold = await holdOf(tx, session);
  if (!hold) return 'Ignored: not a payment of this site';
  if (hold.status !== 'pending') return 'Nothing to release';
  await tx.update(paymentHolds).set({ status: 'released' }).where(eq(paymentHolds.id, hold.id));
  return `Released hold ${hold.id}: Stripe's page closed unpaid`;
}

/** The company the payer named at Checkout ("purchasing as a business"), for the invoice; null for a person. */
function billToOf(session: Stripe.Checkout.Session) {
  const details = session.customer_details;
  if (!details?.business_name) return null;
  const address = details.address;
  return {
    company: details.business_name,
    address: address
      ? [address.line1, address.line2, [address.postal_code, address.city].filter(Boolean).join(' '), address.country]
          .filter(Boolean)
          .join('\n')
      : '',
    taxId: details.tax_ids?.[0]?.value ?? '',
  };
}

const paymentIntentOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);

async function settle(tx: Database, context: Context, session: Stripe.Checkout.Session, now: Date): Promise<string> {
  if (session.payment_status !== 'paid') return 'Waiting: the payment has not cleared yet';
  const hold = await holdOf(tx, session);
  if (!hold) return 'Ignored: not a payment of this site';
  // Another event of the same session (completed, then async_payment_succeeded) was acted on already.
  const [settled] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.stripeCheckoutSession, session.id));
  if (hold.status === 'paid' || settled) return `Already settled: hold ${hold.id}`;
  const paid = {
    method: 'card' as const,
    amountMinor: session.amount_total ?? hold.amountMinor,
    taxMinor: hold.taxMinor,
    ...context.tax,
    currency: (session.currency ?? hold.currency).toUpperCase(),
    payerName: hold.name,
    payerEmail: hold.email,
    holdId: hold.id,
    stripeCheckoutSession: session.id,
    stripePaymentIntent: paymentIntentOf(session),
    billTo: billToOf(session),
  };
  const timeZone = typeof hold.request.timeZone === 'string' ? hold.request.timeZone : context.coachTimeZone;
  const tooLate = hold.status === 'released' || hold.expiresAt <= now;
  if (!tooLate) {
    const made = hold.kind === 'booking' ? await bookHeld(tx, context, hold, now) : await grantHeld(tx, context, hold, now);
    if (made) {
      await tx
        .update(paymentHolds)
        .set({ status: 'paid', bookingId: made.bookingId ?? null, clientPackageId: made.clientPackageId ?? null })
        .where(eq(paymentHolds.id, hold.id));
      await recordPayment(tx, context.ctx.brand, { ...paid, ...made }, timeZone, now);
      return made.bookingId ? `Booked session ${made.bookingId}` : `Granted package ${made.clientPackageId}`;
    }
  }
  // Paid for something that can no longer be had: the money goes back, and the payer is told why.
  await tx.update(paymentHolds).set({ status: 'released' }).where(eq(paymentHolds.id, hold.id));
  const description = await describeHold(tx, hold, timeZone);
  const payment = await recordPayment(tx, context.ctx.brand, { ...paid, description }, timeZone, now);
  const reason = tooLate ? TOO_LATE_REASON : TAKEN_REASON;
  await recordRefund(tx, context.ctx.brand, payment, { amountMinor: payment.amountMinor, reason }, timeZone, now);
  await enqueueEmail(tx, {
    kind: 'payment_too_late',
    to: hold.email,
    ...paymentTooLateEmail(context.ctx.brand, {
      name: hold.name,
      description,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
    }),
  });
  return `Refunded: ${reason.toLowerCase()}`;
}

interface Made {
  bookingId?: number;
  clientPackageId?: number;
  clientId: number | null;
  description: string;
}

/** What a hold was for, as receipts say it. */
async function describeHold(tx: Database, hold: PaymentHold, timeZone: string): Promise<string> {
  if (hold.kind === 'booking') {
    const type = await sessionTypeById(tx, hold.sessionTypeId!);
    return `${type.name}, ${format(new TZDate(hold.startsAt!, timeZone), 'd MMMM yyyy, HH:mm')}`;
  }
  const [pack] = await tx
    .select({ name: packages.name, sessions: packages.sessions })
    .from(packages)
    .where(eq(packages.id, hold.packageId ?? 0));
  return pack ? `Package “${pack.name}” (${pack.sessions} sessions)` : 'A package of sessions';
}

/** Books the held time, unless something took it meanwhile (then nothing is written: a savepoint). */
async function bookHeld(tx: Database, context: Context, hold: PaymentHold, now: Date): Promise<Made | null> {
  const type = await sessionTypeById(tx, hold.sessionTypeId!);
  const rules = rulesOf(type, context.ctx.availability);
  const request = hold.request as { topic?: string; timeZone?: string; answers?: unknown[] };
  const input = {
    start: hold.startsAt!.toISOString(),
    name: hold.name,
    email: hold.email,
    topic: request.topic ?? '',
    timeZone: request.timeZone ?? context.coachTimeZone,
  };
  try {
    const row = await claimingSlot(() =>
      tx.transaction(async (savepoint) => {
        await takeTurn(savepoint, rules, typeCapOf(type), hold.startsAt!, undefined, hold.id);
        return insertBooking(savepoint, context.ctx, { type, rules, start: hold.startsAt!, input, answers: request.answers ?? [], now });
      }),
    );
    await queueConfirmations(tx, context.ctx, row, 'booked');
    return { bookingId: row.id, clientId: row.clientId, description: await describeHold(tx, hold, input.timeZone) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return null;
    throw error;
  }
}

/** Grants the bought package to the payer, a client from now if they were not one. */
async function grantHeld(tx: Database, context: Context, hold: PaymentHold, now: Date): Promise<Made | null> {
  const [pack] = await tx
    .select()
    .from(packages)
    .where(eq(packages.id, hold.packageId ?? 0));
  if (!pack) return null;
  const timeZone = typeof hold.request.timeZone === 'string' ? hold.request.timeZone : context.coachTimeZone;
  const client = await clientForBooking(tx, { name: hold.name, email: hold.email, timeZone });
  const clientPackageId = await grantPackageIn(tx, client.id, pack, 'Paid online by card', now);
  return { clientPackageId, clientId: client.id, description: `Package “${pack.name}” (${pack.sessions} sessions)` };
}
