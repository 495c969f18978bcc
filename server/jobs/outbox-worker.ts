import { env } from '../env.ts';
import { log } from '../log.ts';
import { deliverDueEmails } from '../mail/delivery.ts';
import { isEmailConfigured } from '../mail/settings.ts';
import { closeTransport } from '../mail/transport.ts';

/**
 * Delivers the outbox: claims due emails and sends them, again at once while there is more to
 * send, else after `pollMs`. Without SMTP_URL nothing is sent (the emails wait in the outbox).
 * A failed pass is logged and the next one tries again. Returns a function that stops it and
 * waits for the pass in flight, so a graceful stop leaves no email in 'sending'.
 */
export function startOutboxWorker(pollMs = env().OUTBOX_POLL_MS): () => Promise<void> {
  if (!isEmailConfigured()) return async () => {};
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const pass = async () => {
    let sent = 0;
    try {
      sent = await deliverDueEmails();
    } catch (error) {
      if (!stopped) log('error', 'outbox_pass_failed', { error: String(error) });
    }
    if (stopped) return;
    // The rate budget may be spent: a short pause rather than a busy loop.
    timer = setTimeout(run, sent > 0 ? 50 : pollMs);
    timer.unref();
  };
  const run = () => {
    inFlight = pass();
  };
  run();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await inFlight;
    closeTransport();
  };
}
