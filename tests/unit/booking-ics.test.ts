import { describe, expect, test } from 'bun:test';
import ICAL from 'ical.js';
import { type CalendarEvent, calendarInvite } from '#server/services/booking/ics.ts';

const BASE: CalendarEvent = {
  uid: 'booking-42-k3j9x@coach.example',
  sequence: 0,
  method: 'REQUEST',
  start: new Date('2025-03-14T09:30:00Z'),
  end: new Date('2025-03-14T10:00:00Z'),
  stamp: new Date('2025-03-01T12:34:56.789Z'),
  summary: 'Intro call',
  description: 'A 30-minute video call.',
  url: 'https://coach.example/booking/manage?token=abc&x=1',
  organizer: { name: 'Coach Carter', email: 'coach@coach.example' },
  attendees: [{ name: 'Ann Visitor', email: 'ann@visitor.example' }],
};

function invite(overrides: Partial<CalendarEvent> = {}) {
  return calendarInvite({ ...BASE, ...overrides });
}

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

/** Content lines with folding undone (RFC 5545 §3.1). */
function unfolded(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .slice(0, -1);
}

function people(event: InstanceType<typeof ICAL.Event>) {
  return event.attendees.map((attendee) => ({ cn: attendee.getParameter('cn'), address: attendee.getFirstValue() }));
}

describe('calendar invitations for bookings', () => {
  test('a booking is a REQUEST for the right instants, people and status', () => {
    const ics = invite();
    const { calendar, vevent, event } = parse(ics);

    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//coaching-site//booking//EN');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);

    expect(event.uid).toBe(BASE.uid);
    expect(event.sequence).toBe(0);
    expect(event.startDate.isDate).toBe(false);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.endDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2025-03-14T09:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2025-03-14T10:00:00.000Z');
    const stamp = vevent.getFirstPropertyValue('dtstamp');
    expect(stamp instanceof ICAL.Time && stamp.toJSDate().toISOString()).toBe('2025-03-01T12:34:56.000Z');
    expect(unfolded(ics)).toContain('DTSTART:20250314T093000Z');
    expect(unfolded(ics)).toContain('DTEND:20250314T100000Z');
    expect(unfolded(ics)).toContain('DTSTAMP:20250301T123456Z');

    expect(event.summary).toBe('Intro call');
    expect(event.description).toBe('A 30-minute video call.');
    expect(vevent.getFirstPropertyValue('url')).toBe(BASE.url!);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('transp')).toBe('OPAQUE');

    expect(event.organizer).toBe('mailto:coach@coach.example');
    expect(vevent.getFirstProperty('organizer')?.getParameter('cn')).toBe('Coach Carter');
    expect(people(event)).toEqual([{ cn: 'Ann Visitor', address: 'mailto:ann@visitor.example' }]);
    const [attendee] = event.attendees;
    expect(attendee?.getParameter('role')).toBe('REQ-PARTICIPANT');
    expect(attendee?.getParameter('partstat')).toBe('NEEDS-ACTION');
    expect(attendee?.getParameter('rsvp')).toBe('TRUE');
    expect(unfolded(ics)).toContain(
      'ATTENDEE;CN="Ann Visitor";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:ann@visitor.example',
    );
  });

  test('every attendee gets its own line', () => {
    const attendees = [
      { name: 'Ann Visitor', email: 'ann@visitor.example' },
      { name: 'Bob, Partner; Jr.', email: 'bob@visitor.example' },
    ];
    expect(people(parse(invite({ attendees })).event)).toEqual([
      { cn: 'Ann Visitor', address: 'mailto:ann@visitor.example' },
      { cn: 'Bob, Partner; Jr.', address: 'mailto:bob@visitor.example' },
    ]);
    expect(parse(invite({ attendees: [] })).event.attendees).toEqual([]);
  });

  test('text survives the round trip exactly: commas, semicolons, backslashes, newlines, accents, emoji', () => {
    const summary = 'Intro call, café; \\o/ 🎉 with Zoë';
    const description = [
      'Hello Zoë,',
      '',
      'Topics: career; leadership, and a path like C:\\Users\\zoë\\notes.txt',
      'Bring questions 🙂👩🏽‍💻 — see you soon!',
      '\\n is not a newline here; \\, neither is this a comma',
    ].join('\n');
    const uid = 'booking-7-a,b;c\\d@coach.example';
    const { event } = parse(invite({ summary, description, uid }));
    expect(event.summary).toBe(summary);
    expect(event.description).toBe(description);
    expect(event.uid).toBe(uid);
  });

  test('CR and CRLF line breaks in text come out as line feeds', () => {
    const { event } = parse(invite({ description: 'one\r\ntwo\rthree\nfour' }));
    expect(event.description).toBe('one\ntwo\nthree\nfour');
  });

  test('a cancel has METHOD:CANCEL, STATUS:CANCELLED, the same UID and the current sequence', () => {
    const request = parse(invite({ sequence: 2 }));
    const ics = invite({ method: 'CANCEL', sequence: 2, stamp: new Date('2025-03-10T08:00:00Z') });
    const cancel = parse(ics);
    expect(cancel.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancel.event.uid).toBe(request.event.uid);
    expect(cancel.event.sequence).toBe(2);
    expect(cancel.event.startDate.toJSDate().toISOString()).toBe('2025-03-14T09:30:00.000Z');
    expect(people(cancel.event)).toEqual([{ cn: 'Ann Visitor', address: 'mailto:ann@visitor.example' }]);
    expect(cancel.event.attendees[0]?.getParameter('partstat')).toBeUndefined();
    expect(cancel.event.attendees[0]?.getParameter('rsvp')).toBeUndefined();
    expect(ics).not.toContain('STATUS:CONFIRMED');
  });

  test('the URL line is left out when there is no link', () => {
    const ics = invite({ url: undefined });
    expect(parse(ics).vevent.getFirstProperty('url')).toBeNull();
    expect(unfolded(ics).some((line) => line.startsWith('URL'))).toBe(false);
  });

  test('where the call happens is one LOCATION, its text escaped and read back exactly; none without a place', () => {
    const address = 'Studio 4, The Old Mill; Mill Lane\nBristol BS1 4XE';
    const ics = invite({ location: address });
    expect(parse(ics).vevent.getFirstPropertyValue('location')).toBe(address);
    expect(unfolded(ics)).toContain('LOCATION:Studio 4\\, The Old Mill\\; Mill Lane\\nBristol BS1 4XE');
    expect(parse(invite()).vevent.getFirstProperty('location')).toBeNull();
  });

  test('lines end with CRLF and are at most 75 octets, folded without splitting a character', () => {
    const long = `${'é'.repeat(61)} ${'🎉'.repeat(40)} ${'漢字'.repeat(30)} ${'a'.repeat(200)} ${'👩🏽‍💻'.repeat(12)}`;
    for (const pad of ['', 'x', 'xx', 'xxx']) {
      const summary = pad + long;
      const description = `${long}\n${pad}${long}`;
      const ics = invite({ summary, description, attendees: [{ name: pad + long, email: 'ann@visitor.example' }] });

      expect(ics.endsWith('\r\n')).toBe(true);
      expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const lines = ics.split('\r\n').slice(0, -1);
      expect(lines.length).toBeGreaterThan(20);
      for (const line of lines) {
        const bytes = new TextEncoder().encode(line);
        expect(bytes.length).toBeLessThanOrEqual(75);
        // A line that began or ended inside a character would not survive a strict UTF-8 round trip.
        expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe(line);
      }
      const { event } = parse(ics);
      expect(event.summary).toBe(summary);
      expect(event.description).toBe(description);
      expect(event.attendees[0]?.getParameter('cn')).toBe(pad + long);
    }
  });

  test('names, addresses and text cannot add a property', () => {
    const injection = '\r\nATTENDEE:mailto:evil@x';
    const ics = invite({
      uid: `booking-1@coach.example${injection}`,
      summary: `Intro\u0000\u0007\u001b\u007f${injection}`,
      description: `Hi\rATTENDEE:mailto:evil@x\nMETHOD:CANCEL${injection}`,
      url: `https://coach.example/m${injection}`,
      organizer: { name: `Coach "The Boss"${injection}`, email: `coach@coach.example${injection}` },
      attendees: [
        { name: `Ann" ;ROLE=CHAIR:mailto:evil@x${injection}`, email: 'ann@visitor.example' },
        { name: 'Bob\u0000\u001b\u007f\u0085 Smith', email: `bob@visitor.example\nATTENDEE:mailto:evil@x` },
      ],
    });

    const lines = unfolded(ics);
    expect(lines.filter((line) => /^ATTENDEE[;:]/.test(line))).toHaveLength(2);
    expect(lines.some((line) => line.startsWith('ATTENDEE:mailto:evil'))).toBe(false);
    expect(lines.some((line) => line.startsWith('METHOD:CANCEL'))).toBe(false);
    expect(ics.split('\r\n').some((line) => line.startsWith('ATTENDEE:'))).toBe(false);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(lines.map((line) => line.split(/[;:]/)[0])).toEqual([
      'BEGIN',
      'VERSION',
      'PRODID',
      'CALSCALE',
      'METHOD',
      'BEGIN',
      'UID',
      'SEQUENCE',
      'DTSTAMP',
      'DTSTART',
      'DTEND',
      'SUMMARY',
      'DESCRIPTION',
      'URL',
      'ORGANIZER',
      'ATTENDEE',
      'ATTENDEE',
      'STATUS',
      'TRANSP',
      'END',
      'END',
    ]);

    const { calendar, vevent, event } = parse(ics);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(vevent.getAllProperties('organizer')).toHaveLength(1);
    expect(event.organizer).toBe('mailto:coach@coach.exampleATTENDEE:mailto:evil@x');
    expect(vevent.getFirstProperty('organizer')?.getParameter('cn')).toBe('Coach The BossATTENDEE:mailto:evil@x');
    expect(people(event)).toEqual([
      { cn: 'Ann ;ROLE=CHAIR:mailto:evil@xATTENDEE:mailto:evil@x', address: 'mailto:ann@visitor.example' },
      { cn: 'Bob Smith', address: 'mailto:bob@visitor.exampleATTENDEE:mailto:evil@x' },
    ]);
    expect(event.attendees.map((attendee) => attendee.getParameter('role'))).toEqual(['REQ-PARTICIPANT', 'REQ-PARTICIPANT']);
    expect(event.uid).toBe('booking-1@coach.example\nATTENDEE:mailto:evil@x');
    expect(event.summary).toBe('Intro\nATTENDEE:mailto:evil@x');
    expect(event.description).toBe('Hi\nATTENDEE:mailto:evil@x\nMETHOD:CANCEL\nATTENDEE:mailto:evil@x');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://coach.example/mATTENDEE:mailto:evil@x');
  });

  test('impossible events are refused', () => {
    expect(() => invite({ end: BASE.start })).toThrow(RangeError);
    expect(() => invite({ end: new Date('2025-03-14T09:00:00Z') })).toThrow(RangeError);
    expect(() => invite({ start: new Date('not a date') })).toThrow(RangeError);
    expect(() => invite({ stamp: new Date(Number.NaN) })).toThrow(RangeError);
    expect(() => invite({ sequence: -1 })).toThrow(RangeError);
    expect(() => invite({ sequence: 1.5 })).toThrow(RangeError);
  });
});
