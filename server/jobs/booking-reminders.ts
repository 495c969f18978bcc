import { queueDueReminders } from '../services/booking/reminders.ts';
import { repeat } from './repeat.ts';

const MINUTE = 60 * 1000;

/** Queues the day-before reminders of intro calls, every minute in every instance (claims never overlap). */
export function startBookingReminders(pollMs = MINUTE): () => Promise<void> {
  return repeat(() => queueDueReminders(), pollMs, 'booking_reminders_failed');
}
