import { env } from '../env.ts';
import { log } from '../log.ts';
import { queueNextBatch, startDueNewsletters } from '../services/newsletter/sending.ts';
import { repeat } from './repeat.ts';

/**
 * Starts scheduled newsletters when due and queues sending ones into the outbox, a batch at a
 * time (again at once while there is more), in every instance; a restart resumes where the
 * queueing stopped.
 */
export function startNewsletterSender(pollMs = env().OUTBOX_POLL_MS): () => Promise<void> {
  return repeat(
    async () => {
      const started = await startDueNewsletters();
      if (started > 0) log('info', 'newsletters_started', { count: started });
      return queueNextBatch();
    },
    pollMs,
    'newsletter_batch_failed',
  );
}
