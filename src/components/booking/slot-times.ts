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
const clock = (timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The slots by day of `timeZone`, days and times in order. */
export function groupSlotsByDay(slots: Slot[], timeZone: string): SlotDay[] {
  const [key, label, time] = [dayKey(timeZone), dayLabel(timeZone), clock(timeZone)];
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

/** 'Monday 30 November 2026 at 14:30', in `timeZone`. */
export function formatCallStart(start: string, timeZone: string): string {
  const date = new Date(start);
  return `${dayLabel(timeZone, true).format(date)} at ${clock(timeZone).format(date)}`;
}

/** The browser's own time zone, or UTC where it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the browser knows, with `current` among them. */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}
