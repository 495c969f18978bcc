import { env } from '../env.ts';
import { log } from '../log.ts';
import { queueNextBatch, startDueNewsletters } from '../services/newsletter/newsletters.ts';

/**
 * Starts scheduled newsletters when due and queues sending ones into the outbox, a batch at a
 * time (again at once while there is more), in every instance; a restart resumes where the
 * queueing stopped. Returns a function that stops it and waits for the batch in flight.
 */
export function startNewsletterSender(pollMs = env().OUTBOX_POLL_MS): () => Promise<void> {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const pass = async () => {
    let queued = 0;
    try {
      const started = await startDueNewsletters();
      if (started > 0) log('info', 'newsletters_started', { count: started });
      queued = await queueNextBatch();
    } catch (error) {
      if (!stopped) log('error', 'newsletter_batch_failed', { error: String(error) });
    }
    if (stopped) return;
    timer = setTimeout(run, queued > 0 ? 0 : pollMs);
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
  };
}
