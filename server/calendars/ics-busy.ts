import ICAL from 'ical.js';
import { wallClockInstant } from '../services/booking/slots.ts';

// The coach's busy times from iCalendar text (issue 34 §2), parsed and its recurrences expanded by
// ical.js: RRULE, RDATE, EXDATE, and RECURRENCE-ID overrides that move, cancel or free one
// occurrence. Only the start and end of each busy time leave this file: titles, places and
// attendees are read here to decide, never kept.

export interface BusyRange {
  start: Date;
  end: Date;
}

export interface BusyOptions {
  /** Only occurrences overlapping this window are returned. */
  window: { start: Date; end: Date };
  /** All-day events and floating times are read in it. */
  coachTimeZone: string;
  /** Lower case: an ATTENDEE with one of these and PARTSTAT=DECLINED is not busy. */
  coachEmails: string[];
  /** Events the site wrote itself (its bookings): they already keep their time. */
  skipUid?: (uid: string) => boolean;
  /** At most this many ranges (a runaway rule stops here): default 20,000. */
  maxRanges?: number;
}

/** The calendar's data could not be read: the message is shown to the coach. */
export class CalendarDataError extends Error {}

export const NOT_ICALENDAR = 'The calendar data is not valid iCalendar';
const MAX_RANGES = 20_000;
/** Occurrences walked per event before the window is reached, so a per-minute rule from years ago cannot spin. */
const MAX_STEPS = 100_000;
const MINUTE = 60_000;

const validZones = new Map<string, boolean>();
/** Whether a TZID is an IANA zone name this runtime knows. */
function isIanaZone(tzid: string): boolean {
  let valid = validZones.get(tzid);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tzid });
      valid = true;
    } catch {
      valid = false;
    }
    validZones.set(tzid, valid);
  }
  return valid;
}

/** Wall-clock fields read as an instant in a zone (the clock's own rules for skipped and repeated times). */
function wallClock(time: ICAL.Time, timeZone: string): number {
  const day = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  return wallClockInstant(day, time.hour * 60 + time.minute, timeZone).time + time.second * 1000;
}

/**
 * The instant of a date-time: UTC, or in a VTIMEZONE of the calendar, as ical.js resolved it; in an
 * IANA zone named by a TZID the calendar does not define; else floating, in the coach's zone.
 */
function instantOf(time: ICAL.Time, tzid: string | null, coachTimeZone: string): number {
  const zone = time.zone;
  if (zone && zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  return wallClock(time, tzid && isIanaZone(tzid) ? tzid : coachTimeZone);
}

const tzidOf = (event: ICAL.Event, property: 'dtstart' | 'dtend') => {
  const value = event.component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
};

/** Whether one occurrence (the event, or the override that replaces it) keeps the coach busy. */
function isBusy(item: ICAL.Event, coachEmails: Set<string>): boolean {
  const status = item.component.getFirstPropertyValue('status');
  if (typeof status === 'string' && status.toUpperCase() === 'CANCELLED') return false;
  const transparency = item.component.getFirstPropertyValue('transp');
  if (typeof transparency === 'string' && transparency.toUpperCase() === 'TRANSPARENT') return false;
  return !item.attendees.some((attendee) => {
    const address = String(attendee.getFirstValue() ?? '')
      .replace(/^mailto:/i, '')
      .toLowerCase();
    const partstat = attendee.getParameter('partstat');
    return coachEmails.has(address) && typeof partstat === 'string' && partstat.toUpperCase() === 'DECLINED';
  });
}

/** Parses iCalendar text into its VCALENDARs; anything else is a CalendarDataError. */
function calendarsOf(text: string): ICAL.Component[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch {
    throw new CalendarDataError(NOT_ICALENDAR);
  }
  // One component parses to ['vcalendar', …]; several to a list of those.
  const list = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[];
  if (!Array.isArray(list) || list.length === 0) throw new CalendarDataError(NOT_ICALENDAR);
  return list.map((jcal) => {
    const component = new ICAL.Component(jcal as unknown[]);
    if (component.name !== 'vcalendar') throw new CalendarDataError(NOT_ICALENDAR);
    return component;
  });
}

/** Every event of a calendar, its overrides related to the event they override. */
function eventsOf(calendar: ICAL.Component): ICAL.Event[] {
  const masters = new Map<string, ICAL.Event>();
  const overrides: ICAL.Component[] = [];
  const events: ICAL.Event[] = [];
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    if (vevent.hasProperty('recurrence-id')) overrides.push(vevent);
    else {
      const event = new ICAL.Event(vevent);
      masters.set(event.uid, event);
      events.push(event);
    }
  }
  for (const override of overrides) {
    const master = masters.get(String(override.getFirstPropertyValue('uid')));
    // An override without its event (a server may send one alone) is an event of its own.
    if (master) master.relateException(override);
    else events.push(new ICAL.Event(override));
  }
  return events;
}

/** The busy ranges of iCalendar text (or of several texts: a CalDAV calendar's objects), sorted by start. */
export function busyRanges(ics: string | string[], options: BusyOptions): BusyRange[] {
  const { window, coachTimeZone } = options;
  const coachEmails = new Set(options.coachEmails.map((email) => email.toLowerCase()));
  const maxRanges = options.maxRanges ?? MAX_RANGES;
  const from = window.start.getTime();
  const until = window.end.getTime();
  const ranges: BusyRange[] = [];

  /** Keeps an occurrence that overlaps the window; false once the cap is reached. */
  const keep = (start: number, end: number): boolean => {
    if (end > start && end > from && start < until) ranges.push({ start: new Date(start), end: new Date(end) });
    return ranges.length < maxRanges;
  };

  /** The instants of an occurrence: an all-day one is the coach's whole days, in their zone. */
  const occurrence = (item: ICAL.Event, start: ICAL.Time, end: ICAL.Time): [number, number] => {
    if (start.isDate) return [wallClock(start, coachTimeZone), wallClock(end, coachTimeZone)];
    return [
      instantOf(start, tzidOf(item, 'dtstart'), coachTimeZone),
      instantOf(end, tzidOf(item, 'dtend') ?? tzidOf(item, 'dtstart'), coachTimeZone),
    ];
  };

  try {
    for (const text of Array.isArray(ics) ? ics : [ics]) {
      for (const calendar of calendarsOf(text)) {
        for (const event of eventsOf(calendar)) {
          if (options.skipUid?.(event.uid ?? '')) continue;
          if (!event.component.hasProperty('dtstart')) continue;
          if (!event.isRecurring()) {
            if (!isBusy(event, coachEmails)) continue;
            if (!keep(...occurrence(event, event.startDate, event.endDate))) return sorted(ranges);
            continue;
          }
          const iterator = event.iterator();
          for (let step = 0, next = iterator.next(); next && step < MAX_STEPS; step++, next = iterator.next()) {
            const details = event.getOccurrenceDetails(next);
            const [start, end] = occurrence(details.item, details.startDate, details.endDate);
            // Occurrences come in order of their original start; an override moved far is still met in its place.
            if (instantOf(next, tzidOf(event, 'dtstart'), coachTimeZone) > until + 31 * 24 * 60 * MINUTE) break;
            if (!isBusy(details.item, coachEmails)) continue;
            if (!keep(start, end)) return sorted(ranges);
          }
        }
      }
    }
  } catch (error) {
    if (error instanceof CalendarDataError) throw error;
    // ical.js throws plain errors (and TypeErrors) on values it cannot read: said as bad data, never a crash.
    throw new CalendarDataError(NOT_ICALENDAR);
  }
  return sorted(ranges);
}

const sorted = (ranges: BusyRange[]) => ranges.sort((a, b) => a.start.getTime() - b.start.getTime());
