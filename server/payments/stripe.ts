import Stripe from 'stripe';
import { env } from '../env.ts';

// The one Stripe client (issue 37): off until both STRIPE_* secrets are set. STRIPE_API_URL points
// it elsewhere than Stripe (the tests' fake on loopback); the package's own types check every
// request we build.

export const PAYMENTS_OFF_MESSAGE =
  'Online payment is not set up: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (README, "Payments") and restart';

/** Whether paid sessions and packages can be bought online. */
export const paymentsEnabled = (): boolean => Boolean(env().STRIPE_SECRET_KEY && env().STRIPE_WEBHOOK_SECRET);

let cached: { key: string; client: Stripe } | undefined;

/** The Stripe client for the configured key; throws when payments are off. */
export function stripeClient(): Stripe {
  const { STRIPE_SECRET_KEY, STRIPE_API_URL } = env();
  if (!STRIPE_SECRET_KEY) throw new Error(PAYMENTS_OFF_MESSAGE);
  if (cached?.key === `${STRIPE_SECRET_KEY} ${STRIPE_API_URL}`) return cached.client;
  const api = STRIPE_API_URL ? new URL(STRIPE_API_URL) : undefined;
  const client = new Stripe(STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
  cached = { key: `${STRIPE_SECRET_KEY} ${STRIPE_API_URL}`, client };
  return client;
}

/** Seconds a webhook's signed timestamp may be from now (Stripe's default: 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The event a webhook delivery carries, once its signature and timestamp are checked; null when they are not right. */
export async function verifiedEvent(payload: string, signature: string | undefined): Promise<Stripe.Event | null> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret || !signature) return null;
  try {
    return await stripeClient().webhooks.constructEventAsync(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    return null;
  }
}
