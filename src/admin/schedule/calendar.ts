import { formatDay } from '#src/lib/format-date.ts';

// The schedule screen's months (`YYYY-MM`): calendar months, with no zone. Its instants are read in
// the coach's time zone through src/lib/format-date.ts, the same on the server's render and in the browser.

/** Midnight UTC of day `day` of the month `monthDelta` months from `month` (day 0: the last of the month before). */
const dayOf = (month: string, day: number, monthDelta = 0) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1 + monthDelta, day));
};

/** "November 2026". */
export const monthTitle = (month: string) => formatDay(`${month}-01`, 'month');

/** The month `delta` months from `month` (`YYYY-MM`). */
export const shiftMonth = (month: string, delta: number) => dayOf(month, 1, delta).toISOString().slice(0, 7);

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The month's weeks, Monday first: each day's `YYYY-MM-DD`, or null for the cells before the 1st and after the last. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const leading = (dayOf(month, 1).getUTCDay() + 6) % 7;
  const days = dayOf(month, 0, 1).getUTCDate();
  const cells: Array<string | null> = [
    ...Array.from({ length: leading }, () => null),
    ...Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}
