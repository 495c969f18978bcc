import { env } from '../env.ts';
import { readDueCalendars } from '../services/calendars/reading.ts';
import { writeDueEvents } from '../services/calendars/write-back.ts';
import { repeat } from './repeat.ts';

/**
 * Reads the coach's calendars when due and writes bookings into the chosen one (issue 34), in every
 * instance: claims keep two from doing the same work, and a pass that found some looks again at
 * once. Two loops, so a slow calendar server holds up neither the other's work: reads are looked
 * for four times an interval (at most every 30 s), writes as often as the outbox's emails.
 */
export function startCalendarSync(): () => Promise<void> {
  const { CALENDAR_READ_INTERVAL_MS, OUTBOX_POLL_MS } = env();
  const stops = [
    repeat(readDueCalendars, Math.min(CALENDAR_READ_INTERVAL_MS / 4, 30_000), 'calendar_read_failed'),
    repeat(writeDueEvents, OUTBOX_POLL_MS, 'calendar_write_failed'),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
