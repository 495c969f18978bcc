// Stripe's API as the payment tests reach it (issue 37): a loopback server answering the two calls
// the site makes, Checkout Session create and Refund create, with the API reference's own example
// objects (tests/fixtures/stripe/), changed only where Stripe fills a field in from the request.
// Every request is kept (form body, idempotency key) for the tests to check what the site asked.
// Events are signed with the stripe package's own test-header helper. No test runner's hooks here:
// the API tests (tests/helpers/stripe-api.ts) and the browser journeys both start it.
import Stripe from 'stripe';
import checkoutExample from '../fixtures/stripe/checkout-session.json';
import refundExample from '../fixtures/stripe/refund.json';

export const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_payments0tests', STRIPE_WEBHOOK_SECRET: 'whsec_paymentsTestSecret' };

export interface StripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | null;
}

const randomId = (prefix: string) => `${prefix}_test_${crypto.randomUUID().replaceAll('-', '')}`;

/** Stripe's error object for a refused request. */
const stripeError = (status: number, message: string) =>
  Response.json({ error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message } }, { status });

/** Starts the server on `port` (0: any free one). */
export function startStripeApi(port = 0) {
  const requests: StripeRequest[] = [];
  /** Answers with Stripe's error this many times before answering again. */
  const failing = { checkout: 0, refunds: 0 };
  const sessions = new Map<string, Record<string, unknown>>();

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const form = new URLSearchParams(await request.text());
    requests.push({ method: request.method, path: url.pathname, form, idempotencyKey: request.headers.get('idempotency-key') });
    if (request.headers.get('authorization') !== `Bearer ${STRIPE_KEYS.STRIPE_SECRET_KEY}`)
      return stripeError(401, 'Invalid API Key provided');
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (failing.checkout > 0) {
        failing.checkout -= 1;
        return stripeError(500, 'An error occurred with our connection to Stripe.');
      }
      const id = randomId('cs');
      const amount = Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]'));
      const session = {
        ...checkoutExample,
        id,
        amount_subtotal: amount,
        amount_total: amount,
        created: Math.floor(Date.now() / 1000),
        currency: form.get('line_items[0][price_data][currency]'),
        customer_email: form.get('customer_email'),
        client_reference_id: form.get('client_reference_id'),
        metadata: { holdId: form.get('metadata[holdId]') },
        expires_at: Number(form.get('expires_at')),
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      sessions.set(id, session);
      return Response.json(session);
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      if (failing.refunds > 0) {
        failing.refunds -= 1;
        return stripeError(500, 'An error occurred with our connection to Stripe.');
      }
      return Response.json({
        ...refundExample,
        id: randomId('re'),
        amount: Number(form.get('amount')),
        created: Math.floor(Date.now() / 1000),
        payment_intent: form.get('payment_intent'),
        metadata: Object.fromEntries(
          [...form].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value]),
        ),
      });
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${url.pathname})`);
  }

  const server = Bun.serve({ hostname: '127.0.0.1', port, fetch: handle });
  return {
    requests,
    failing,
    url: `http://127.0.0.1:${server.port}`,
    /** The Checkout session the site opened, as Stripe answered it. */
    session: (id: string) => sessions.get(id)!,
    stop: () => server.stop(true),
  };
}

const signer = new Stripe(STRIPE_KEYS.STRIPE_SECRET_KEY);

/** A webhook delivery of an event, as Stripe sends it: the JSON body and its Stripe-Signature header. */
export async function signedEvent(
  type: string,
  object: Record<string, unknown>,
  { id = randomId('evt'), secret = STRIPE_KEYS.STRIPE_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000) } = {},
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: timestamp,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  return { id, payload, signature: await signer.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp }) };
}

/** The Checkout session as Stripe sends it in checkout.session.completed once paid. */
export const paidSession = (session: Record<string, unknown>, paymentIntent = randomId('pi')) => ({
  ...session,
  status: 'complete',
  payment_status: 'paid',
  payment_intent: paymentIntent,
});
