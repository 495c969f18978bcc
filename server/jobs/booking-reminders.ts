import { queueDueReminders } from '../services/booking/reminders.ts';
import { queueCreditNotices } from '../services/practice/credit-notices.ts';
import { repeat } from './repeat.ts';

/**
 * Queues the day-before reminders of sessions and the package emails (and expires packages), in
 * every instance as often as the scheduler runs (claims never overlap).
 */
export function startBookingReminders(pollMs: number): () => Promise<void> {
  return repeat(async () => (await queueDueReminders()) + (await queueCreditNotices()), pollMs, 'booking_reminders_failed');
}
