import { TZDate } from '@date-fns/tz';
import { addMonths, format, getDaysInMonth } from 'date-fns';

// Dates on the schedule screen, read in the coach's time zone (the settings'), the same on the
// server's render and in the browser.

/** `YYYY-MM-DD` of an instant, in `timeZone`. */
export const dayKey = (iso: string, timeZone: string) => format(new TZDate(iso, timeZone), 'yyyy-MM-dd');

/** `HH:mm` of an instant, in `timeZone`. */
export const timeOf = (iso: string, timeZone: string) => format(new TZDate(iso, timeZone), 'HH:mm');

/** "Tue 3 Nov 2026, 09:00" of an instant, in `timeZone`. */
export const dateTimeOf = (iso: string, timeZone: string) => format(new TZDate(iso, timeZone), 'EEE d MMM yyyy, HH:mm');

const firstOf = (month: string, timeZone: string) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new TZDate(year, monthNumber - 1, 1, timeZone);
};

/** "November 2026". */
export const monthTitle = (month: string) => format(firstOf(month, 'UTC'), 'MMMM yyyy');

/** The month `delta` months from `month` (`YYYY-MM`). */
export const shiftMonth = (month: string, delta: number) => format(addMonths(firstOf(month, 'UTC'), delta), 'yyyy-MM');

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The month's weeks, Monday first: each day's `YYYY-MM-DD`, or null for the cells before the 1st and after the last. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const first = firstOf(month, 'UTC');
  const leading = (first.getDay() + 6) % 7;
  const days = getDaysInMonth(first);
  const cells: Array<string | null> = [
    ...Array.from({ length: leading }, () => null),
    ...Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** The instant (ISO) of a wall-clock date and time in `timeZone`, as the coach types them. */
export function instantOf(date: string, time: string, timeZone: string): string {
  const [year, monthNumber, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, monthNumber - 1, day, hours, minutes, timeZone).getTime()).toISOString();
}
