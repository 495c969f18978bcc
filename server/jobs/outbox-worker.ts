import { env } from '../env.ts';
import { deliverDueEmails } from '../mail/delivery.ts';
import { isEmailConfigured } from '../mail/settings.ts';
import { closeTransport } from '../mail/transport.ts';
import { repeat } from './repeat.ts';

/**
 * Delivers the outbox: claims due emails and sends them, again at once while there is more to
 * send, else after `pollMs`. Without SMTP_URL nothing is sent (the emails wait in the outbox).
 * Stopping waits for the email in hand, so a graceful stop leaves none in 'sending'.
 */
export function startOutboxWorker(pollMs = env().OUTBOX_POLL_MS): () => Promise<void> {
  if (!isEmailConfigured()) return async () => {};
  const stop = repeat(deliverDueEmails, pollMs, 'outbox_pass_failed');
  return async () => {
    await stop();
    closeTransport();
  };
}
