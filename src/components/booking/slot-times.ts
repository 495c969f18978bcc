import type { Slot } from '#src/schemas/booking.ts';

// How /book shows slots: in the visitor's chosen time zone, grouped by that zone's calendar day.
// Intl does the zone arithmetic, so nothing of a time-zone library is shipped to the browser.

export interface SlotDay {
  /** YYYY-MM-DD in the chosen zone. */
  day: string;
  /** 'Monday 30 November'. */
  label: string;
  slots: (Slot & { time: string })[];
}

const dayKey = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
/** 'Monday 30 November' (and the year when asked), built from parts: engines differ on the commas. */
function dayLabel(timeZone: string, withYear = false) {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: withYear ? 'numeric' : undefined,
  });
  return {
    format: (date: Date) => {
      const part = Object.fromEntries(format.formatToParts(date).map(({ type, value }) => [type, value]));
      return [part.weekday, part.day, part.month, part.year].filter(Boolean).join(' ');
    },
  };
}
/** '15:00', or '3:00 PM' on a 12-hour clock; English either way, as the page around it. */
const clock = (timeZone: string, twelveHour: boolean) =>
  twelveHour
    ? new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hourCycle: 'h12' })
    : new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Whether people of `locale` read the time of day on a 12-hour clock (en-US: "3:00 PM"), not a 24-hour one (en-GB: "15:00"). */
export function usesTwelveHourClock(locale: string): boolean {
  try {
    const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions();
    return hourCycle === 'h12' || hourCycle === 'h11';
  } catch {
    return false;
  }
}

/** The `YYYY-MM-DD` of today in `timeZone`. */
export const todayIn = (timeZone: string, now = new Date()) => dayKey(timeZone).format(now);

/** The slots by day of `timeZone`, days and times in order, each time on the visitor's clock. */
export function groupSlotsByDay(slots: Slot[], timeZone: string, twelveHour = false): SlotDay[] {
  const [key, label, time] = [dayKey(timeZone), dayLabel(timeZone), clock(timeZone, twelveHour)];
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    const start = new Date(slot.start);
    const day = key.format(start);
    let group = days.get(day);
    if (!group) {
      group = { day, label: label.format(start), slots: [] };
      days.set(day, group);
    }
    group.slots.push({ ...slot, time: time.format(start) });
  }
  return [...days.values()];
}

/** 'Monday 30 November 2026 at 14:30' (or 'at 2:30 PM' on a 12-hour clock), in `timeZone`. */
export function formatCallStart(start: string, timeZone: string, twelveHour = false): string {
  const date = new Date(start);
  return `${dayLabel(timeZone, true).format(date)} at ${clock(timeZone, twelveHour).format(date)}`;
}

/** 'Tuesday 1 December' for a calendar day (`YYYY-MM-DD`), with the year when asked: a day has no zone. */
export const calendarDayLabel = (day: string, withYear = false) => dayLabel('UTC', withYear).format(new Date(`${day}T00:00:00Z`));

/** The browser's own time zone, or UTC where it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the browser knows, with `current` and UTC among them (Chromium's list has no UTC). */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...known])];
}
