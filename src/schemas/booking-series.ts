import { z } from 'zod';
import { recordId } from './record-id.ts';

// Recurring sessions (issue 35 §5): the coach books a client into a series from the client's page,
// every week or every two weeks, N times, at the same wall-clock time in the coach's zone. The
// dialog and POST /api/admin/clients/:id/series(/preview) validate with this schema.

export const SERIES_LIMITS = { count: { min: 2, max: 52 } } as const;
export const SERIES_EVERY = [1, 2] as const;
export type SeriesEvery = (typeof SERIES_EVERY)[number];
export const SERIES_EVERY_LABELS: Record<SeriesEvery, string> = { 1: 'Every week', 2: 'Every two weeks' };

export const SERIES_TYPE_MESSAGE = 'Choose a session type';
export const SERIES_DATE_MESSAGE = 'First date must be a date written as YYYY-MM-DD';
export const SERIES_TIME_MESSAGE = 'Time must be a time written as HH:MM';
export const SERIES_EVERY_MESSAGE = 'Repeat must be every 1 or 2 weeks';
export const SERIES_COUNT_MESSAGE = `How many must be a whole number from ${SERIES_LIMITS.count.min} to ${SERIES_LIMITS.count.max}`;
export const SERIES_INTRO_MESSAGE = 'The free intro call cannot be booked as a series';

// The words of each reason an occurrence cannot be booked (the preview shows them, a refused save lists them).
export const SERIES_PAST = 'In the past';
export const SERIES_OUTSIDE_HOURS = 'Outside your hours';
export const SERIES_DAY_OFF = 'On a day off';
export const SERIES_DAILY_LIMIT = 'Daily limit reached';
export const SERIES_NO_CREDIT = 'No credit left for this one';
export const SERIES_CALENDAR_BUSY = 'You are busy then in your calendar';
/** Another confirmed booking (or its buffer) overlaps: said with its start in the coach's zone. */
export const seriesOtherBooking = (time: string) => `Another booking at ${time}`;
/** The time falls in the hour the clocks skip that night (it would be read as `shifted`). */
export const seriesNoSuchTime = (time: string, shifted: string) =>
  `There is no ${time} that day: the clocks go forward (it would be ${shifted})`;

const realDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** A series as the coach asks for it: its first date and time are read in the coach's time zone. */
export const seriesInputSchema = z.strictObject({
  sessionTypeId: recordId(SERIES_TYPE_MESSAGE),
  date: z
    .string(SERIES_DATE_MESSAGE)
    .regex(/^\d{4}-\d{2}-\d{2}$/, SERIES_DATE_MESSAGE)
    .refine(realDate, 'First date must be a real date'),
  time: z.string(SERIES_TIME_MESSAGE).regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, SERIES_TIME_MESSAGE),
  every: z.literal(SERIES_EVERY, SERIES_EVERY_MESSAGE),
  count: z
    .number(SERIES_COUNT_MESSAGE)
    .int(SERIES_COUNT_MESSAGE)
    .min(SERIES_LIMITS.count.min, SERIES_COUNT_MESSAGE)
    .max(SERIES_LIMITS.count.max, SERIES_COUNT_MESSAGE),
});
export type SeriesInput = z.infer<typeof seriesInputSchema>;

/** One occurrence of a series as the preview shows it: when, whether it takes a credit, and what stops it. */
export interface SeriesOccurrence {
  /** ISO 8601, UTC. */
  start: string;
  end: string;
  /** Its date and time in the coach's zone (YYYY-MM-DD, HH:mm). */
  date: string;
  time: string;
  /** It would take one of the client's credits. */
  usesCredit: boolean;
  /** Why it cannot be booked, in words; empty when it can. */
  conflicts: string[];
}

/** POST /api/admin/clients/:id/series/preview. */
export interface SeriesPreview {
  session: string;
  timeZone: string;
  callMinutes: number;
  /** The client's credits that cover this type now. */
  creditsLeft: number;
  /** The type is only for clients holding a credit: an occurrence without one cannot be booked. */
  creditRequired: boolean;
  occurrences: SeriesOccurrence[];
}

/** POST /api/admin/clients/:id/series: the bookings made, sharing one series id. */
export interface BookedSeries {
  seriesId: string;
  bookings: { id: number; start: string; end: string; usedCredit: boolean }[];
}
