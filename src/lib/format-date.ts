import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';

// Every date and time the site shows, in one place (STYLE: one date-format module). The admin's are
// read in the coach's time zone (Settings → Time zone) and never in the zone of the machine that
// happens to render them: the server's HTML and the browser's render then say the same, whatever
// zone either runs in (issue 32 §1).

/** An instant: a Date, an ISO 8601 string or milliseconds since the epoch. */
export type Instant = Date | string | number;

// docs/product.md §9: cards 'MMM dd, yyyy', the post page 'MMMM dd, yyyy', messages
// 'MMM dd, yyyy at hh:mm a'. The messages' format is every date with a time the admin shows.
const PATTERNS = {
  /** "Nov 03, 2026" */
  date: 'MMM dd, yyyy',
  /** "November 03, 2026" */
  longDate: 'MMMM dd, yyyy',
  /** "Nov 03, 2026 at 09:00 AM" */
  dateTime: "MMM dd, yyyy 'at' hh:mm a",
  /** "09:00 AM" */
  time: 'hh:mm a',
  /** "Tue, Nov 03, 2026" (a series' dates) */
  weekdayDate: 'EEE, MMM dd, yyyy',
  /** "Nov 03" (a chart's axis) */
  shortDate: 'MMM dd',
  /** "November 2026" */
  month: 'MMMM yyyy',
} as const;

export type DateStyle = keyof typeof PATTERNS;

/** Whether a style names a time of day, which reads differently in another zone. */
export const hasTime = (style: DateStyle) => style === 'dateTime' || style === 'time';

const millis = (at: Instant) => (typeof at === 'string' ? Date.parse(at) : typeof at === 'number' ? at : at.getTime());

const zoned = (at: Instant, timeZone: string) => new TZDate(millis(at), timeZone);

/** An instant as people read it in `timeZone` (an IANA name): "Nov 03, 2026 at 09:00 AM" by default. */
export const formatDate = (at: Instant, timeZone: string, style: DateStyle = 'dateTime') => format(zoned(at, timeZone), PATTERNS[style]);

/**
 * A calendar day (`YYYY-MM-DD`, a day already chosen in some zone, such as a testimonial's consent
 * or an analytics day) as people read it: the same in every zone.
 */
export function formatDay(day: string, style: Exclude<DateStyle, 'dateTime' | 'time'> = 'date') {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return format(new TZDate(year, month - 1, date, 'UTC'), PATTERNS[style]);
}

/** The `YYYY-MM-DD` day of an instant in `timeZone`: what a date input holds, or a calendar's key. */
export const dayIn = (at: Instant, timeZone: string) => format(zoned(at, timeZone), 'yyyy-MM-dd');

/** The wall-clock `HH:mm` of an instant in `timeZone` (`HH:mm:ss` with `seconds`): what a time input holds. */
export const clockIn = (at: Instant, timeZone: string, seconds = false) => format(zoned(at, timeZone), seconds ? 'HH:mm:ss' : 'HH:mm');

/**
 * The instant (ISO) of a wall-clock day and time in `timeZone`, as the coach types them; null for
 * anything that is not a day and a time. As Temporal's "compatible" reading: a time the clocks skip
 * (02:30 on a spring-forward night) moves forward by the gap, and a time they pass twice (01:30 on
 * a fall-back night) is the first. Worked out from the zone's offsets alone, so the machine's own
 * zone never changes the answer.
 */
export function instantIn(day: string, time: string, timeZone: string): string | null {
  const dayParts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const timeParts = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!dayParts || !timeParts) return null;
  const [year, month, date] = dayParts.slice(1).map(Number) as [number, number, number];
  const [hours, minutes, seconds] = timeParts.slice(1).map((part) => Number(part ?? 0)) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date, hours, minutes, seconds);
  const calendar = new Date(wall);
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== date || hours > 23 || minutes > 59 || seconds > 59) return null;
  const offsetAt = (at: number) => tzOffset(timeZone, new Date(at)) * 60_000;
  // The offsets a day either side hold on any day with at most one change of the clocks.
  const early = wall - offsetAt(wall - 86_400_000);
  const late = wall - offsetAt(wall + 86_400_000);
  const reads = (at: number) => at + offsetAt(at) === wall;
  const instant = reads(Math.min(early, late)) ? Math.min(early, late) : reads(Math.max(early, late)) ? Math.max(early, late) : early;
  return new Date(instant).toISOString();
}

/** An IANA time zone as people read it: "America/New_York" → "America/New York". */
export const timeZoneLabel = (zone: string) => zone.replaceAll('_', ' ');

// Public pages render on the server only, so their dates are read in the server's zone; the
// admin's go through formatDate with the coach's.

/** docs/product.md §9 blog cards: 'MMM dd, yyyy'. */
export const formatCardDate = (date: Date) => format(date, PATTERNS.date);
/** docs/product.md §9 the post page: 'MMMM dd, yyyy'. */
export const formatLongDate = (date: Date) => format(date, PATTERNS.longDate);
