// The API tests' Stripe (tests/helpers/stripe-api-server.ts), started for the calling file, with
// `enable()` pointing the site at it.
import { afterAll, beforeAll, beforeEach } from 'bun:test';
import { setEnv } from './env.ts';
import { STRIPE_KEYS, startStripeApi } from './stripe-api-server.ts';

export { paidSession, signedEvent } from './stripe-api-server.ts';

export function stripeApiForFile() {
  let api: ReturnType<typeof startStripeApi> | undefined;
  let undo: (() => void) | undefined;
  beforeAll(() => {
    api = startStripeApi();
  });
  beforeEach(() => {
    api!.requests.length = 0;
    api!.failing.checkout = 0;
    api!.failing.refunds = 0;
  });
  afterAll(async () => {
    undo?.();
    await api?.stop();
  });
  return {
    get requests() {
      return api!.requests;
    },
    /** Answers with Stripe's error this many times before answering again. */
    get failing() {
      return api!.failing;
    },
    /** Turns payments on, pointed at this server; returns the undo. */
    enable() {
      undo = setEnv({ ...STRIPE_KEYS, STRIPE_API_URL: api!.url });
      return undo;
    },
    session: (id: string) => api!.session(id),
  };
}
