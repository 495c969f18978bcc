import { Hono } from 'hono';
import { type CheckoutStarted, holdStatusQuerySchema, packageCheckoutSchema, WEBHOOK_SIGNATURE_MESSAGE } from '#src/schemas/payments.ts';
import { clientIp } from '../client-ip.ts';
import { env } from '../env.ts';
import { badRequest } from '../errors.ts';
import { limitBody } from '../http/body-limits.ts';
import { verifiedEvent } from '../payments/stripe.ts';
import { checkoutForPackage } from '../services/payments/checkout.ts';
import { holdStatus } from '../services/payments/hold-status.ts';
import { receiveEvent } from '../services/payments/webhook.ts';
import { enforceRateLimit } from '../services/rate-limits.ts';
import { id, json, query } from '../validation.ts';

// The public side of payments (issue 37): Stripe's webhook, a package bought online, and the page
// Stripe sends the visitor back to asking how their payment went.

// Stripe's events are a few kilobytes; far above any of them.
const WEBHOOK_BODY_LIMIT = 512 * 1024;
const HOUR_MS = 60 * 60 * 1000;

export const paymentRoutes = new Hono()
  .post('/payments/webhook', limitBody(WEBHOOK_BODY_LIMIT), async (c) => {
    // The signature is over the exact bytes: read as text, never parsed and re-serialised first.
    const event = await verifiedEvent(await c.req.text(), c.req.header('stripe-signature'));
    if (!event) throw badRequest(WEBHOOK_SIGNATURE_MESSAGE);
    return c.json({ received: true, outcome: await receiveEvent(event) });
  })
  .post('/payments/packages/:id/checkout', id(), limitBody(16 * 1024), json(packageCheckoutSchema), async (c) => {
    await enforceRateLimit(
      `checkout:ip:${clientIp(c)}`,
      env().BOOKING_LIMIT_PER_HOUR,
      HOUR_MS,
      (minutes) => `Too many payments started from this network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
    return c.json<CheckoutStarted>(await checkoutForPackage(c.req.valid('param').id, c.req.valid('json')), 202);
  })
  .get('/payments/holds/status', query(holdStatusQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await holdStatus(c.req.valid('query').hold ?? ''));
  });
