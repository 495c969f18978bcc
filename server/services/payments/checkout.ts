import { eq } from 'drizzle-orm';
import { type PaymentHold, packages, paymentHolds } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { env } from '#server/env.ts';
import { HttpError, notFound } from '#server/errors.ts';
import { log } from '#server/log.ts';
import { paymentsEnabled, stripeClient } from '#server/payments/stripe.ts';
import { siteConfig } from '#src/config/site.ts';
import { PACKAGE_NOT_FOUND } from '#src/schemas/credits.ts';
import { priceBreakdown } from '#src/schemas/money.ts';
import type { CheckoutStarted } from '#src/schemas/payments.ts';
import { checkedAnswers, rulesOf, typeCapOf, visibleSessionType } from '../booking/bookable.ts';
import { assertFree, claimingSlot, mailContext, type NewBooking, takeTurn } from '../booking/calls.ts';
import { clientByEmail } from '../practice/clients.ts';
import { coveringCredits } from '../practice/credits.ts';
import { readSettings } from '../settings.ts';
import { signedIdTokens } from '../signed-ids.ts';

// Paying at Stripe Checkout (issue 37 §2): the visitor's choice is held (a session's time kept from
// everyone else) and they are sent to Stripe. Nothing is booked or granted here: the webhook does
// that once Stripe says it is paid (webhook.ts), and a hold not paid in time is let go.

export const PAYMENTS_UNAVAILABLE_MESSAGE = 'Paying online is not available yet. Please write to the coach to book this.';
export const CHECKOUT_FAILED_MESSAGE = 'The payment page could not be opened. Please try again in a moment.';
export const NOT_FOR_SALE_MESSAGE = 'This package cannot be bought online';

/** Stripe keeps a Checkout page open at least 30 minutes; a payment after the hold is refunded. */
const CHECKOUT_OPEN_SECONDS = 30 * 60;

/** The key of the link Stripe sends the visitor back to, which tells them how their payment went. */
export const HOLD_TOKEN_PURPOSE = 'payment-hold';
const holdTokens = () => signedIdTokens(HOLD_TOKEN_PURPOSE);

/** Whether booking this type now goes through Checkout: it has a price and the visitor has no credit for it. */
export async function paysAtCheckout(input: NewBooking, now = new Date()): Promise<boolean> {
  const db = await database();
  const type = await visibleSessionType(db, { slug: input.sessionType, key: input.key });
  if (!type.priceMinor) return false;
  const client = await clientByEmail(db, input.email);
  return !client || (await coveringCredits(db, client.id, type.id, now)) === 0;
}

function assertPaymentsOn(): void {
  if (!paymentsEnabled()) throw new HttpError(503, PAYMENTS_UNAVAILABLE_MESSAGE);
}

/** A paid session's time, held while the visitor pays; answers where to send them. */
export async function checkoutForSession(input: NewBooking, now = new Date()): Promise<CheckoutStarted> {
  assertPaymentsOn();
  const db = await database();
  const type = await visibleSessionType(db, { slug: input.sessionType, key: input.key });
  const answers = checkedAnswers(type, input.answers);
  const start = new Date(input.start);
  const [ctx, settings] = await Promise.all([mailContext(), readSettings()]);
  const rules = rulesOf(type, ctx.availability);
  const typeCap = typeCapOf(type);
  await assertFree(rules, typeCap, start, now);
  const price = priceBreakdown(type.priceMinor ?? 0, settings.taxRate, settings.pricesIncludeTax);
  const hold = await claimingSlot(() =>
    db.transaction(async (tx) => {
      await takeTurn(tx, rules, typeCap, start);
      const [row] = await tx
        .insert(paymentHolds)
        .values({
          kind: 'booking',
          sessionTypeId: type.id,
          startsAt: start,
          endsAt: new Date(start.getTime() + rules.callMinutes * 60_000),
          name: input.name,
          email: input.email,
          request: { topic: input.topic, timeZone: input.timeZone, answers, sessionType: input.sessionType, key: input.key },
          amountMinor: price.totalMinor,
          taxMinor: price.taxMinor,
          currency: settings.currency,
          expiresAt: new Date(now.getTime() + env().PAYMENT_HOLD_MS),
        })
        .returning();
      return row!;
    }),
  );
  return openCheckout(hold, type.name, `/book/${type.slug}`, now);
}

/** A package bought online: held (no time to keep) while the visitor pays. */
export async function checkoutForPackage(packageId: number, buyer: { name: string; email: string; timeZone: string }, now = new Date()) {
  const db = await database();
  const [pack] = await db.select().from(packages).where(eq(packages.id, packageId));
  if (!pack) throw notFound(PACKAGE_NOT_FOUND);
  if (!pack.priceMinor) throw new HttpError(409, NOT_FOR_SALE_MESSAGE);
  assertPaymentsOn();
  const settings = await readSettings();
  const price = priceBreakdown(pack.priceMinor, settings.taxRate, settings.pricesIncludeTax);
  const [hold] = await db
    .insert(paymentHolds)
    .values({
      kind: 'package',
      packageId: pack.id,
      name: buyer.name,
      email: buyer.email,
      request: { timeZone: buyer.timeZone },
      amountMinor: price.totalMinor,
      taxMinor: price.taxMinor,
      currency: settings.currency,
      expiresAt: new Date(now.getTime() + env().PAYMENT_HOLD_MS),
    })
    .returning();
  return openCheckout(hold!, pack.name, '/portal', now);
}

/** Opens the Stripe Checkout session of a hold; a hold Stripe would not take is let go at once. */
async function openCheckout(hold: PaymentHold, product: string, backPath: string, now: Date): Promise<CheckoutStarted> {
  const site = siteConfig().url;
  const token = (await holdTokens())(hold.id);
  const db = await database();
  try {
    const session = await stripeClient().checkout.sessions.create(
      {
        mode: 'payment',
        customer_email: hold.email,
        client_reference_id: String(hold.id),
        metadata: { holdId: String(hold.id) },
        payment_intent_data: { metadata: { holdId: String(hold.id) } },
        line_items: [
          {
            quantity: 1,
            price_data: { currency: hold.currency.toLowerCase(), unit_amount: hold.amountMinor, product_data: { name: product } },
          },
        ],
        success_url: `${site}/book/paid?hold=${encodeURIComponent(token)}`,
        cancel_url: `${site}${backPath}`,
        expires_at: Math.floor(now.getTime() / 1000) + CHECKOUT_OPEN_SECONDS,
        // A company paying for its leader's coaching gives its name and tax ID there: the invoice's bill-to.
        tax_id_collection: { enabled: true },
      },
      // A retry of this very request (a network failure) opens no second page.
      { idempotencyKey: `checkout-hold-${hold.id}` },
    );
    if (!session.url) throw new Error('Stripe answered without a page address');
    await db.update(paymentHolds).set({ checkoutSessionId: session.id }).where(eq(paymentHolds.id, hold.id));
    return { checkoutUrl: session.url, heldUntil: hold.expiresAt.toISOString() };
  } catch (error) {
    log('error', 'checkout_failed', { hold: hold.id, error: String(error) });
    await db.update(paymentHolds).set({ status: 'released' }).where(eq(paymentHolds.id, hold.id));
    throw new HttpError(502, CHECKOUT_FAILED_MESSAGE);
  }
}
