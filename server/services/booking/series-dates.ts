import { type Availability, minutesOfDay, WEEKDAYS } from '#src/schemas/booking.ts';
import {
  SERIES_CALENDAR_BUSY,
  SERIES_DAILY_LIMIT,
  SERIES_DAY_OFF,
  SERIES_NO_CREDIT,
  SERIES_OUTSIDE_HOURS,
  SERIES_PAST,
  type SeriesInput,
  type SeriesOccurrence,
  seriesNoSuchTime,
  seriesOtherBooking,
} from '#src/schemas/booking-series.ts';
import { type BookedRange, clockIn, dayIn, type TimeRange, type TypeCap, wallClockInstant } from './slots.ts';

// The dates of a recurring series (issue 35 §5): pure arithmetic, no database. Every occurrence is
// the same wall-clock time in the coach's zone on a date 7 or 14 days after the one before, so a
// weekly 10:00 stays 10:00 for the coach on both sides of a clock change (its UTC instant moves by
// the change instead).
//
// A wall-clock time is read as the slot grid reads it (slots.ts wallClockInstant, Temporal's
// "compatible" rule), worked out from the zone's offsets alone: `new TZDate(y, m, d, h, min, zone)`
// is not used because which of a repeated hour's two instants it gives depends on the machine's
// own time zone (Europe/London 01:30 on 25 October 2026 is 00:30Z under TZ=Europe/London and 01:30Z
// under TZ=UTC). So:
// - a time the fall-back night passes twice (01:30 in New York on 1 November 2026) is its first
//   instant, before the clocks go back (01:30 EDT);
// - a time the spring-forward night skips (02:30 in New York on 8 March 2026, 01:30 in London on
//   29 March 2026) does not exist: the occurrence is marked `exists: false`, and the series refuses
//   it (the coach picks another time) rather than silently booking it an hour later.

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeriesDate {
  /** The local date (YYYY-MM-DD) in the coach's zone. */
  date: string;
  /** The wall-clock time asked for (HH:mm). */
  time: string;
  start: Date;
  /** False when the clocks skip `time` on `date`; `start` is then where the compatible rule would put it. */
  exists: boolean;
}

/** The `count` occurrences of a series from its first local date and time, every `every` weeks, in `timeZone`. */
export function expandSeries(input: Pick<SeriesInput, 'date' | 'time' | 'every' | 'count'>, timeZone: string): SeriesDate[] {
  const first = Date.parse(`${input.date}T00:00:00Z`);
  const minutes = minutesOfDay(input.time);
  return Array.from({ length: input.count }, (_, index) => {
    // Dates are stepped as UTC midnights, which never skip or repeat a day.
    const date = new Date(first + index * input.every * 7 * DAY_MS).toISOString().slice(0, 10);
    const { time, exists } = wallClockInstant(date, minutes, timeZone);
    return { date, time: input.time, start: new Date(time), exists };
  });
}

/** The wall-clock time a series date would really show (what a skipped time is carried to). */
export const shownTime = (occurrence: SeriesDate, timeZone: string) => clockIn(occurrence.start, timeZone);

/** What a series is judged against: the type's rules, other confirmed bookings, and the client's credits. */
export interface SeriesContext {
  /** The coach's availability as the session type overrides it (bookable.ts rulesOf). */
  rules: Availability;
  typeCap: TypeCap | undefined;
  /** Confirmed bookings around the series' dates. */
  booked: BookedRange[];
  /** Times the coach is busy in their own calendars (issue 34), kept clear with the buffer like bookings. */
  busy: TimeRange[];
  /** The client's credits that cover the type now; the occurrences take them in date order. */
  creditsLeft: number;
  /** The type is only for clients with a credit: an occurrence without one cannot be booked. */
  creditRequired: boolean;
  now: Date;
}

/** Whether [start, end) lies within one of the weekly hours' ranges of its local date. */
function withinHours(rules: Availability, date: string, start: number, end: number): boolean {
  // getUTCDay counts from Sunday; WEEKDAYS starts on Monday.
  const weekday = WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
  return rules.weeklyHours[weekday].some((range) => {
    const from = wallClockInstant(date, minutesOfDay(range.start), rules.timeZone).time;
    const to = wallClockInstant(date, minutesOfDay(range.end), rules.timeZone).time;
    return from <= start && end <= to;
  });
}

/**
 * Each occurrence with the reasons it cannot be booked, in words (none: it can). The coach's own
 * bookings keep the weekly hours, days off, buffers and daily caps, but may start at any minute of
 * the hours (not only on the visitors' slot grid), and neither the minimum notice nor the booking
 * window applies: only "not in the past".
 */
export function judgeSeries(dates: SeriesDate[], context: SeriesContext): SeriesOccurrence[] {
  const { rules, typeCap, booked, now } = context;
  const { timeZone } = rules;
  const callLength = rules.callMinutes * 60_000;
  const buffer = rules.bufferMinutes * 60_000;
  const daysOff = new Set(rules.daysOff);
  return dates.map((occurrence, index) => {
    const start = occurrence.start.getTime();
    const end = start + callLength;
    const usesCredit = index < context.creditsLeft;
    const conflicts: string[] = [];
    if (start <= now.getTime()) conflicts.push(SERIES_PAST);
    if (!occurrence.exists) conflicts.push(seriesNoSuchTime(occurrence.time, shownTime(occurrence, timeZone)));
    else {
      if (daysOff.has(occurrence.date)) conflicts.push(SERIES_DAY_OFF);
      else if (!withinHours(rules, occurrence.date, start, end)) conflicts.push(SERIES_OUTSIDE_HOURS);
      const overlapping = booked
        .filter((other) => other.start.getTime() < end + buffer && other.end.getTime() > start - buffer)
        .sort((a, b) => a.start.getTime() - b.start.getTime());
      for (const time of new Set(overlapping.map((other) => clockIn(other.start, timeZone)))) conflicts.push(seriesOtherBooking(time));
      if (context.busy.some((block) => block.start.getTime() < end + buffer && block.end.getTime() > start - buffer)) {
        conflicts.push(SERIES_CALENDAR_BUSY);
      }
      const sameDay = booked.filter((other) => dayIn(other.start, timeZone) === occurrence.date);
      const typeFull = typeCap && sameDay.filter((other) => other.sessionTypeId === typeCap.sessionTypeId).length >= typeCap.dailyCap;
      if ((rules.dailyCap !== null && sameDay.length >= rules.dailyCap) || typeFull) conflicts.push(SERIES_DAILY_LIMIT);
    }
    if (context.creditRequired && !usesCredit) conflicts.push(SERIES_NO_CREDIT);
    return {
      start: occurrence.start.toISOString(),
      end: new Date(end).toISOString(),
      date: occurrence.date,
      time: occurrence.time,
      usesCredit,
      conflicts,
    };
  });
}
