// The booking calendar's arithmetic (issue 32 §3): calendar days (`YYYY-MM-DD`) and months
// (`YYYY-MM`) with no zone, since the slots were already put on their days in the visitor's zone;
// and where each key of the WAI-ARIA date-picker grid moves focus. Only free days take focus, so a
// key moves to the nearest free day its way, or nowhere.

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOfDate = (date: Date) => date.toISOString().slice(0, 10);
const monthStart = (month: string, delta = 0) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1 + delta, 1));
};

export const monthOf = (day: string) => day.slice(0, 7);

/** The day `days` days from `day`. */
export function addDays(day: string, days: number): string {
  const date = midnight(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOfDate(date);
}

/** The month `delta` months from `month`. */
export const shiftMonth = (month: string, delta: number) => dayOfDate(monthStart(month, delta)).slice(0, 7);

const daysInMonth = (month: string) => new Date(monthStart(month, 1).getTime() - 86_400_000).getUTCDate();

/** The same day of the month `delta` months on, or that month's last where it is shorter (31 January → 28 February). */
export function shiftDayByMonths(day: string, delta: number): string {
  const month = shiftMonth(monthOf(day), delta);
  return `${month}-${String(Math.min(Number(day.slice(8)), daysInMonth(month))).padStart(2, '0')}`;
}

/** "December 2026". */
export const monthTitle = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(monthStart(month));

/** 1 (Monday) to 7 (Sunday), as Intl.Locale's week info numbers them. */
const weekdayOf = (day: string) => midnight(day).getUTCDay() || 7;

type WeekInfo = { firstDay: number };

/** The day a week starts on where `locale`'s people live: 7 (Sunday) for en-US, 1 (Monday) for en-GB and wherever the browser cannot tell. */
export function firstDayOfWeek(locale: string): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };
    return (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay ?? 1;
  } catch {
    return 1;
  }
}

/** The first day of the week holding `day`. */
export const weekStartOf = (day: string, firstDay: number) => addDays(day, -((weekdayOf(day) - firstDay + 7) % 7));

/** The month's weeks, each starting on `firstDay`: a cell is a day of the month, or null before the 1st and after the last. */
export function monthWeeks(month: string, firstDay: number): Array<Array<string | null>> {
  const first = `${month}-01`;
  const weeks: Array<Array<string | null>> = [];
  for (let start = weekStartOf(first, firstDay); monthOf(start) <= month; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)).map((day) => (monthOf(day) === month ? day : null)));
  }
  return weeks;
}

/** The grid's columns from `firstDay`: { short: 'Mo', long: 'Monday' }. */
export function weekdayColumns(firstDay: number): Array<{ short: string; long: string }> {
  const long = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long' });
  // 2024-01-01 was a Monday (weekday 1).
  return Array.from({ length: 7 }, (_, i) => {
    const name = long.format(midnight(addDays('2024-01-01', (firstDay - 1 + i) % 7)));
    return { short: name.slice(0, 2), long: name };
  });
}

export const GRID_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'] as const;
export type GridKey = (typeof GRID_KEYS)[number];
export const isGridKey = (key: string): key is GridKey => (GRID_KEYS as readonly string[]).includes(key);

interface GridMove {
  /** The free days, in order. */
  free: readonly string[];
  firstDay: number;
  /** Shift held: PageUp/PageDown move by a year. */
  shift?: boolean;
}

/**
 * Where `key` moves focus from the free day `day` (the WAI-ARIA APG date-picker grid: arrows by day
 * and week, Home/End to the week's first and last, PageUp/PageDown by month, with Shift by year),
 * kept to free days: the first free day that way, the nearest free day of the month PageUp/PageDown
 * reach; null when there is none.
 */
export function moveInGrid(day: string, key: GridKey, { free, firstDay, shift = false }: GridMove): string | null {
  const isFree = new Set(free);
  const [first, last] = [free[0], free.at(-1)];
  if (first === undefined || last === undefined) return null;
  const seek = (from: string, step: 1 | -1, stop = step > 0 ? last : first) => {
    for (let at = from; step > 0 ? at <= stop : at >= stop; at = addDays(at, step)) {
      if (isFree.has(at)) return at;
    }
    return null;
  };
  const week = weekStartOf(day, firstDay);
  switch (key) {
    case 'ArrowRight':
      return seek(addDays(day, 1), 1);
    case 'ArrowLeft':
      return seek(addDays(day, -1), -1);
    case 'ArrowDown':
      return seek(addDays(day, 7), 1);
    case 'ArrowUp':
      return seek(addDays(day, -7), -1);
    case 'Home':
      return seek(week, 1, day);
    case 'End':
      return seek(addDays(week, 6), -1, day);
    case 'PageUp':
    case 'PageDown': {
      const target = shiftDayByMonths(day, (key === 'PageUp' ? -1 : 1) * (shift ? 12 : 1));
      const inMonth = free.filter((candidate) => monthOf(candidate) === monthOf(target));
      const distance = (candidate: string) => Math.abs(midnight(candidate).getTime() - midnight(target).getTime());
      return inMonth.reduce<string | null>(
        (best, candidate) => (best === null || distance(candidate) < distance(best) ? candidate : best),
        null,
      );
    }
  }
}
