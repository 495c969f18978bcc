import { queueDueReminders } from '../services/booking/reminders.ts';
import { repeat } from './repeat.ts';

/** Queues the day-before reminders of intro calls, in every instance as often as the scheduler runs (claims never overlap). */
export function startBookingReminders(pollMs: number): () => Promise<void> {
  return repeat(() => queueDueReminders(), pollMs, 'booking_reminders_failed');
}
