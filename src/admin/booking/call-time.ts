import { TZDate } from '@date-fns/tz';
import { format, isValid, parse } from 'date-fns';

// A call's time as the coach reads it: in the time zone of their availability, the same on the
// server's render and in the browser (no browser zone involved).

/** "Tue 3 Nov 2026, 09:00–09:30" of a call, in `timeZone`. */
export const callTime = (start: string, end: string, timeZone: string) =>
  `${format(new TZDate(start, timeZone), 'EEE d MMM yyyy, HH:mm')}–${format(new TZDate(end, timeZone), 'HH:mm')}`;

/** "Fri 25 Dec 2026" of a YYYY-MM-DD day (a calendar day: no zone). */
export function dayLabel(day: string): string {
  const date = parse(day, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(date) ? format(date, 'EEE d MMM yyyy') : day;
}
