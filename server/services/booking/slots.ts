import { tzOffset } from '@date-fns/tz';
import { type Availability, minutesOfDay, WEEKDAYS } from '#src/schemas/booking.ts';

// Bookable slots: pure arithmetic over the coach's availability and existing bookings, cheap enough to run per request.
// Internally every instant is a millisecond number; Dates are made only for the answer.

export interface TimeRange {
  start: Date;
  end: Date;
}

/** A booked session: its time, and its type for a type's own daily cap. */
export interface BookedRange extends TimeRange {
  sessionTypeId?: number;
}

/** A session type's own cap: at most this many sessions of it on one day, besides the coach's overall cap. */
export interface TypeCap {
  sessionTypeId: number;
  dailyCap: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The zone's UTC offset at an instant, in milliseconds (rounded: historical offsets can carry seconds). */
const offsetAt = (timeZone: string, time: number) => Math.round(tzOffset(timeZone, new Date(time)) * MINUTE);

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  const time = instant.getTime();
  return new Date(time + offsetAt(timeZone, time)).toISOString().slice(0, 10);
}

export interface WallClockInstant {
  time: number;
  /** False when the clock skips this time (spring-forward gap). */
  exists: boolean;
}

/**
 * Reads wall-clock minutes of one local date (given as that date's midnight written in UTC) as instants.
 * A time in a spring-forward gap moves forward by the gap, as @date-fns/tz does; a time the fall-back repeats is its
 * first occurrence. (That is Temporal's 'compatible' rule. `new TZDate(y, m, d, h, min, zone)` is not used because
 * which occurrence it picks depends on the server's own time zone, and it is several times slower.)
 */
function wallClockReader(date: number, timeZone: string): (minutes: number) => WallClockInstant {
  // Every instant that shows this date (or the next midnight) lies in this window: offsets stay within −12h…+14h.
  const offsetBefore = offsetAt(timeZone, date - 14 * HOUR);
  const offsetAfter = offsetAt(timeZone, date + DAY + 12 * HOUR);
  return (minutes) => {
    const wallClock = date + minutes * MINUTE;
    // Nearly every day has no change of offset: one subtraction, no look-ups.
    if (offsetBefore === offsetAfter) return { time: wallClock - offsetBefore, exists: true };
    const readBefore = wallClock - offsetBefore;
    const readAfter = wallClock - offsetAfter;
    const beforeHolds = offsetAt(timeZone, readBefore) === offsetBefore;
    const afterHolds = offsetAt(timeZone, readAfter) === offsetAfter;
    if (beforeHolds && afterHolds) return { time: Math.min(readBefore, readAfter), exists: true };
    if (afterHolds) return { time: readAfter, exists: true };
    // Either the old offset holds, or the time is in the gap, where the old offset carries it just as far past the jump.
    return { time: readBefore, exists: beforeHolds };
  };
}

/**
 * The instant of a wall-clock time (minutes since midnight) on a local date (YYYY-MM-DD) in a zone,
 * by the slot grid's rule below (a recurring series reads its dates with it too, series-dates.ts).
 */
export const wallClockInstant = (day: string, minutes: number, timeZone: string): WallClockInstant =>
  wallClockReader(Date.parse(day), timeZone)(minutes);

/** The wall-clock time (HH:mm) of an instant in a time zone. */
export function clockIn(instant: Date, timeZone: string): string {
  const time = instant.getTime();
  return new Date(time + offsetAt(timeZone, time)).toISOString().slice(11, 16);
}

/** Local dates (YYYY-MM-DD) that already hold `cap` of these bookings. */
function daysHolding(cap: number, booked: BookedRange[], timeZone: string): string[] {
  const counts = new Map<string, number>();
  for (const booking of booked) {
    const day = dayIn(booking.start, timeZone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count >= cap).map(([day]) => day);
}

/** Local dates that are full: the coach's cap reached by all bookings, or the type's by its own. */
function fullDays(availability: Availability, booked: BookedRange[], typeCap?: TypeCap): Set<string> {
  const { dailyCap, timeZone } = availability;
  return new Set([
    ...(dailyCap === null ? [] : daysHolding(dailyCap, booked, timeZone)),
    ...(typeCap
      ? daysHolding(
          typeCap.dailyCap,
          booked.filter((booking) => booking.sessionTypeId === typeCap.sessionTypeId),
          timeZone,
        )
      : []),
  ]);
}

/** Bookings widened by the buffer on both sides, sorted and merged into disjoint [start, end) intervals. */
function busyIntervals(booked: TimeRange[], buffer: number): [number, number][] {
  const widened = booked
    .map((booking): [number, number] => [booking.start.getTime() - buffer, booking.end.getTime() + buffer])
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const interval of widened) {
    const last = merged.at(-1);
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else merged.push(interval);
  }
  return merged;
}

/** Start times of every slot the weekly hours allow on the local days from `now` to the end of the horizon. */
function gridStarts(availability: Availability, full: Set<string>, now: Date, latest: number): number[] {
  const { timeZone } = availability;
  const callLength = availability.callMinutes * MINUTE;
  const step = callLength + availability.bufferMinutes * MINUTE;
  const daysOff = new Set(availability.daysOff);
  const starts: number[] = [];
  const lastDate = Date.parse(dayIn(new Date(latest), timeZone));
  // Dates are walked as UTC midnights, which never skip or repeat a day.
  for (let date = Date.parse(dayIn(now, timeZone)); date <= lastDate; date += DAY) {
    const day = new Date(date).toISOString().slice(0, 10);
    if (daysOff.has(day) || full.has(day)) continue;
    // getUTCDay counts from Sunday; WEEKDAYS starts on Monday.
    const ranges = availability.weeklyHours[WEEKDAYS[(new Date(date).getUTCDay() + 6) % 7]!];
    if (ranges.length === 0) continue;
    const readWallClock = wallClockReader(date, timeZone);
    for (const range of ranges) {
      const rangeStart = readWallClock(minutesOfDay(range.start));
      const rangeEnd = readWallClock(minutesOfDay(range.end));
      // Both ends moved forward by the same gap would otherwise leave a range of hours the clock never shows.
      if (!rangeStart.exists && !rangeEnd.exists) continue;
      for (let start = rangeStart.time; start + callLength <= rangeEnd.time; start += step) starts.push(start);
    }
  }
  return starts.sort((a, b) => a - b);
}

/**
 * Every free slot from `now` on, in start order (and within the session type's own cap, when it has
 * one). `blocked` are times the coach is busy in their own calendars (issue 34): kept clear like
 * bookings, buffer included, but counted in no daily cap.
 */
export function freeSlots(
  availability: Availability,
  booked: BookedRange[],
  now: Date,
  typeCap?: TypeCap,
  blocked: TimeRange[] = [],
): TimeRange[] {
  const callLength = availability.callMinutes * MINUTE;
  const earliest = now.getTime() + availability.minNoticeHours * HOUR;
  const latest = now.getTime() + availability.horizonDays * DAY;
  const busy = busyIntervals([...booked, ...blocked], availability.bufferMinutes * MINUTE);
  const slots: TimeRange[] = [];
  let gridEnd = Number.NEGATIVE_INFINITY;
  let busyIndex = 0;
  for (const start of gridStarts(availability, fullDays(availability, booked, typeCap), now, latest)) {
    // Around a DST change two ranges' grids can meet or cross: keep the earlier slot, drop any that overlaps it.
    if (start < gridEnd) continue;
    const end = start + callLength;
    gridEnd = end;
    if (start < earliest || start > latest) continue;
    // Starts and ends only grow, so busy intervals that ended before this slot can be passed for good.
    while (busyIndex < busy.length && busy[busyIndex]![1] <= start) busyIndex++;
    const nextBusy = busy[busyIndex];
    if (nextBusy && nextBusy[0] < end) continue;
    slots.push({ start: new Date(start), end: new Date(end) });
  }
  return slots;
}

/** Whether `start` is one of freeSlots(...) (compare by time value). */
export function isFreeSlot(
  availability: Availability,
  booked: BookedRange[],
  now: Date,
  start: Date,
  typeCap?: TypeCap,
  blocked: TimeRange[] = [],
): boolean {
  const time = start.getTime();
  return freeSlots(availability, booked, now, typeCap, blocked).some((slot) => slot.start.getTime() === time);
}
