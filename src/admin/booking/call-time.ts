import { format, isValid, parse } from 'date-fns';
import { formatDate } from '#src/lib/format-date.ts';

// A call's time as the coach reads it: in the coach's time zone (Settings), the same on the
// server's render and in the browser (no browser zone involved; issue 32 §1).

/** "Nov 03, 2026 at 09:00 AM–09:30 AM" of a call, in `timeZone`. */
export const callTime = (start: string, end: string, timeZone: string) =>
  `${formatDate(start, timeZone)}–${formatDate(end, timeZone, 'time')}`;

/** "Fri 25 Dec 2026" of a YYYY-MM-DD day (a calendar day: no zone). */
export function dayLabel(day: string): string {
  const date = parse(day, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(date) ? format(date, 'EEE d MMM yyyy') : day;
}
