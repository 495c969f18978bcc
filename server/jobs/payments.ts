import { env } from '../env.ts';
import { releaseExpiredHolds, sendDueRefund } from '../services/payments/refunds.ts';
import { repeat } from './repeat.ts';

/**
 * Sends card refunds to Stripe and lets go of unpaid holds (issue 37), in every instance: a
 * refund's claim keeps two from sending it, and releasing a hold twice changes nothing.
 */
export function startPayments(): () => Promise<void> {
  const { OUTBOX_POLL_MS } = env();
  const stops = [
    repeat(() => sendDueRefund(), OUTBOX_POLL_MS, 'refund_pass_failed'),
    repeat(
      async () => {
        await releaseExpiredHolds();
        return 0;
      },
      OUTBOX_POLL_MS,
      'hold_release_failed',
    ),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
