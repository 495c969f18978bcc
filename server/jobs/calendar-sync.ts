import { env } from '../env.ts';
import { readDueCalendars } from '../services/calendars/reading.ts';
import { writeDueEvents } from '../services/calendars/write-back.ts';
import { repeat } from './repeat.ts';

/**
 * Reads the coach's calendars when due and writes bookings into the chosen one (issue 34), in every
 * instance: claims keep two from doing the same work, and a pass that found some looks again at
 * once. Two loops, so a slow calendar server holds up neither the other's work.
 */
export function startCalendarSync(pollMs = env().OUTBOX_POLL_MS): () => Promise<void> {
  const stops = [repeat(readDueCalendars, pollMs, 'calendar_read_failed'), repeat(writeDueEvents, pollMs, 'calendar_write_failed')];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
