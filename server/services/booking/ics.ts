/**
 * iCalendar (RFC 5545) invitations for intro-call bookings: one VEVENT per file,
 * METHOD:REQUEST when a call is booked or moved, METHOD:CANCEL when it is called off
 * (iTIP, RFC 5546). Everything a visitor typed is escaped or stripped so it stays
 * inside its own property.
 */

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarEvent {
  /** Stable for the life of the booking, e.g. `booking-42-<random>@example.com`. */
  uid: string;
  /** 0 when created, +1 for each reschedule; a cancel carries the current one. */
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: Date;
  end: Date;
  /** When this version was made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  /** A link (the call's video link, else the booking page); optional. */
  url?: string;
  /** Where it happens, as text (a video link, a phone number, an address); optional. */
  location?: string;
  organizer: CalendarPerson;
  attendees: CalendarPerson[];
}

/** An event as a calendar keeps it (not sent to anyone): the invitation's fields without its method and people. */
export type StoredEvent = Omit<CalendarEvent, 'method' | 'organizer' | 'attendees'> & { cancelled: boolean };

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** C0 controls (tab included), DEL and C1 controls. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/** The same, but keeping tab and line feed, which TEXT can carry (tab as is, line feed as `\n`). */
const TEXT_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** A TEXT value (RFC 5545 §3.3.11): line breaks become `\n`, other controls go, `\ ; ,` are escaped. */
function text(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(TEXT_CONTROLS, '')
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\n/g, '\\n');
}

/** A value with no escaping of its own (URI, CAL-ADDRESS): only controls are removed. */
function bare(value: string): string {
  return value.replace(CONTROLS, '').trim();
}

/** A parameter value, always quoted; `"` and controls cannot appear inside the quotes (§3.1, QSAFE-CHAR). */
function quoted(value: string): string {
  return `"${value.replace(CONTROLS, '').replace(/"/g, '').trim()}"`;
}

/** `YYYYMMDDTHHMMSSZ` in UTC. */
function utc(date: Date, what: string): string {
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 0 || year > 9999) throw new RangeError(`calendarInvite: ${what} is not a usable date`);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** Folds a content line at 75 octets (§3.1): CRLF + one space, never inside a UTF-8 sequence. */
function fold(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let size = 0;
  for (const char of line) {
    const width = octets(char.codePointAt(0)!);
    if (size + width > MAX_LINE_OCTETS) {
      pieces.push(piece);
      piece = ' ';
      size = 1;
    }
    piece += char;
    size += width;
  }
  pieces.push(piece);
  return pieces.join(CRLF);
}

function person(property: 'ORGANIZER' | 'ATTENDEE', who: CalendarPerson, params: string[] = []): string {
  const head = [property, `CN=${quoted(who.name)}`, ...params].join(';');
  return `${head}:mailto:${bare(who.email)}`;
}

/** The VEVENT lines of an event, unfolded: an invitation's (iTIP) or a calendar's own copy (method null). */
function eventLines(event: CalendarEvent | StoredEvent): string[] {
  if (!Number.isSafeInteger(event.sequence) || event.sequence < 0) {
    throw new RangeError('calendarInvite: sequence must be a non-negative integer');
  }
  const start = utc(event.start, 'start');
  const end = utc(event.end, 'end');
  if (event.end.getTime() <= event.start.getTime()) throw new RangeError('calendarInvite: end must be after start');

  const invitation = 'method' in event;
  const cancelled = invitation ? event.method === 'CANCEL' : event.cancelled;
  const attendeeParams = cancelled ? ['ROLE=REQ-PARTICIPANT'] : ['ROLE=REQ-PARTICIPANT', 'PARTSTAT=NEEDS-ACTION', 'RSVP=TRUE'];
  const url = event.url === undefined ? '' : bare(event.url);

  return [
    'BEGIN:VEVENT',
    `UID:${text(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp, 'stamp')}`,
    `DTSTART:${start}`,
    `DTEND:${end}`,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
    ...(url ? [`URL:${url}`] : []),
    // A calendar's own copy names no one: a CalDAV server that schedules would otherwise send
    // invitations of its own beside the site's.
    ...(invitation
      ? [person('ORGANIZER', event.organizer), ...event.attendees.map((attendee) => person('ATTENDEE', attendee, attendeeParams))]
      : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

const calendarText = (lines: string[]) => lines.map(fold).join(CRLF) + CRLF;

const HEAD = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//coaching-site//booking//EN', 'CALSCALE:GREGORIAN'];

/** The text of a .ics file with one VEVENT: CRLF line ends, lines folded at 75 octets. */
export function calendarInvite(event: CalendarEvent): string {
  return calendarText([...HEAD, `METHOD:${event.method}`, ...eventLines(event), 'END:VCALENDAR']);
}

/**
 * A calendar's own copy of events (no METHOD, no people, UTC times so no VTIMEZONE): the event
 * written into the coach's CalDAV calendar, and the private feed of calls.
 */
export function calendarFile(events: StoredEvent[], name?: string): string {
  return calendarText([...HEAD, ...(name ? [`X-WR-CALNAME:${text(name)}`] : []), ...events.flatMap(eventLines), 'END:VCALENDAR']);
}
