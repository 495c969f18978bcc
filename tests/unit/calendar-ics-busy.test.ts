import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { busyRanges, CalendarDataError, NOT_ICALENDAR } from '#server/calendars/ics-busy.ts';

// Issue 34 §2: what keeps the coach busy, from the calendars Google and Outlook export (fixtures in
// tests/fixtures/calendars: VTIMEZONEs, a weekly rule across a clock change with an EXDATE and a
// moved occurrence, all-day, free, declined and cancelled events) and small calendars of each rule.

const fixture = (name: string) => readFileSync(new URL(`../fixtures/calendars/${name}`, import.meta.url), 'utf8');
const YEAR_2027 = { start: new Date('2027-01-01T00:00:00Z'), end: new Date('2028-01-01T00:00:00Z') };
const ranges = (ics: string | string[], options: Partial<Parameters<typeof busyRanges>[1]> = {}) =>
  busyRanges(ics, { window: YEAR_2027, coachTimeZone: 'Europe/London', coachEmails: ['coach@example.com'], ...options }).map((range) => [
    range.start.toISOString(),
    range.end.toISOString(),
  ]);

const calendar = (...events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    ...events.flatMap((lines, index) => ['BEGIN:VEVENT', `UID:e${index}@test`, 'DTSTAMP:20261101T000000Z', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n');

describe('a Google Calendar export (Europe/London)', () => {
  test('the weekly sync across the March clock change, without its EXDATE, with its moved occurrence; the holiday; the flight', () => {
    expect(ranges(fixture('google.ics'))).toEqual([
      ['2027-03-01T10:00:00.000Z', '2027-03-01T11:00:00.000Z'],
      // Focus time (free), the declined pitch and the cancelled lunch are not busy.
      ['2027-03-05T06:15:00.000Z', '2027-03-05T09:30:00.000Z'],
      ['2027-03-08T10:00:00.000Z', '2027-03-08T11:00:00.000Z'],
      // 15 March is an EXDATE; 22 March moved to Tuesday 23rd at 14:00.
      ['2027-03-23T14:00:00.000Z', '2027-03-23T15:00:00.000Z'],
      // British Summer Time from 28 March: 10:00 in London is 09:00 UTC.
      ['2027-03-29T09:00:00.000Z', '2027-03-29T10:00:00.000Z'],
      // The all-day holiday is the coach's whole day in London (BST).
      ['2027-04-01T23:00:00.000Z', '2027-04-02T23:00:00.000Z'],
      ['2027-04-05T09:00:00.000Z', '2027-04-05T10:00:00.000Z'],
    ]);
  });

  test('an all-day event is the whole day in the coach’s own zone, east or west of UTC', () => {
    // The busy range after the sync of 29 March and before the sync of 5 April.
    const holiday = (zone: string) => ranges(fixture('google.ics'), { coachTimeZone: zone }).at(-2);
    expect(holiday('America/New_York')).toEqual(['2027-04-02T04:00:00.000Z', '2027-04-03T04:00:00.000Z']);
    expect(holiday('Asia/Tokyo')).toEqual(['2027-04-01T15:00:00.000Z', '2027-04-02T15:00:00.000Z']);
  });

  test('an event the coach declined is busy for someone whose address is not the coach’s', () => {
    expect(ranges(fixture('google.ics'), { coachEmails: [] })).toContainEqual(['2027-03-03T15:00:00.000Z', '2027-03-03T16:00:00.000Z']);
  });
});

describe('an Outlook.com export (Windows zone names with their VTIMEZONE)', () => {
  test('the weekly board meeting before and after the October change, the night train across it, the multi-day conference', () => {
    expect(ranges(fixture('outlook.ics'), { coachTimeZone: 'Europe/Berlin' })).toEqual([
      // 09:00 in Central European Summer Time.
      ['2027-10-29T07:00:00.000Z', '2027-10-29T08:30:00.000Z'],
      // 22:00 CEST to 04:00 CET: seven real hours, across the night the clocks go back.
      ['2027-10-30T20:00:00.000Z', '2027-10-31T03:00:00.000Z'],
      ['2027-11-03T08:00:00.000Z', '2027-11-05T16:00:00.000Z'],
      // The next Friday, 09:00 in winter time; 'Reading time' (free) is not busy.
      ['2027-11-05T08:00:00.000Z', '2027-11-05T09:30:00.000Z'],
    ]);
  });
});

describe('each rule on its own', () => {
  test('a TZID with no VTIMEZONE is read as the IANA zone it names; a floating time in the coach’s zone', () => {
    const ics = calendar(
      ['DTSTART;TZID=America/New_York:20270615T090000', 'DTEND;TZID=America/New_York:20270615T100000'],
      ['DTSTART:20270616T090000', 'DTEND:20270616T100000'],
    );
    expect(ranges(ics)).toEqual([
      ['2027-06-15T13:00:00.000Z', '2027-06-15T14:00:00.000Z'],
      ['2027-06-16T08:00:00.000Z', '2027-06-16T09:00:00.000Z'],
    ]);
    expect(ranges(ics, { coachTimeZone: 'Asia/Kolkata' })[1]).toEqual(['2027-06-16T03:30:00.000Z', '2027-06-16T04:30:00.000Z']);
  });

  test('DURATION instead of DTEND; an all-day event without DTEND is one day; a date-time without an end blocks nothing', () => {
    expect(
      ranges(calendar(['DTSTART:20270701T090000Z', 'DURATION:PT90M'], ['DTSTART;VALUE=DATE:20270702'], ['DTSTART:20270703T090000Z']), {
        coachTimeZone: 'UTC',
      }),
    ).toEqual([
      ['2027-07-01T09:00:00.000Z', '2027-07-01T10:30:00.000Z'],
      ['2027-07-02T00:00:00.000Z', '2027-07-03T00:00:00.000Z'],
    ]);
  });

  test('an override can cancel or free one occurrence; RDATE adds one; only the window is returned', () => {
    const ics = calendar(
      ['DTSTART:20270105T090000Z', 'DTEND:20270105T100000Z', 'RRULE:FREQ=DAILY;COUNT=4', 'RDATE:20270120T090000Z'],
      ['UID:e0@test', 'RECURRENCE-ID:20270106T090000Z', 'DTSTART:20270106T090000Z', 'DTEND:20270106T100000Z', 'STATUS:CANCELLED'],
      ['UID:e0@test', 'RECURRENCE-ID:20270107T090000Z', 'DTSTART:20270107T090000Z', 'DTEND:20270107T100000Z', 'TRANSP:TRANSPARENT'],
    ).replace(/UID:e[12]@test\r\nDTSTAMP:20261101T000000Z\r\nUID:e0@test/g, 'UID:e0@test\r\nDTSTAMP:20261101T000000Z');
    expect(ranges(ics)).toEqual([
      ['2027-01-05T09:00:00.000Z', '2027-01-05T10:00:00.000Z'],
      ['2027-01-08T09:00:00.000Z', '2027-01-08T10:00:00.000Z'],
      ['2027-01-20T09:00:00.000Z', '2027-01-20T10:00:00.000Z'],
    ]);
    expect(ranges(ics, { window: { start: new Date('2027-01-08T09:30:00Z'), end: new Date('2027-01-10T00:00:00Z') } })).toEqual([
      ['2027-01-08T09:00:00.000Z', '2027-01-08T10:00:00.000Z'],
    ]);
  });

  test('a rule with no end stops at the window; the site’s own events are skipped; several texts (CalDAV objects) are read together', () => {
    const weekly = calendar(['DTSTART:20200106T090000Z', 'DTEND:20200106T100000Z', 'RRULE:FREQ=WEEKLY']);
    expect(ranges(weekly)).toHaveLength(52);
    const own = calendar(['UID:booking-1@coach.example', 'DTSTART:20270301T090000Z', 'DTEND:20270301T100000Z']).replace(
      /UID:e0@test\r\n/,
      '',
    );
    expect(ranges([weekly, own], { skipUid: (uid) => uid.startsWith('booking-') })).toHaveLength(52);
    expect(ranges([weekly, own])).toHaveLength(53);
  });

  test('at most maxRanges are returned', () => {
    expect(ranges(calendar(['DTSTART:20270101T000000Z', 'DTEND:20270101T000100Z', 'RRULE:FREQ=HOURLY']), { maxRanges: 100 })).toHaveLength(
      100,
    );
  });

  test('text that is not iCalendar, a truncated calendar or a broken value is a CalendarDataError in words, never a crash', () => {
    for (const bad of [
      '<html>Sign in</html>',
      '',
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2027',
      'BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD',
      calendar(['DTSTART:notadate', 'DTEND:20270101T000000Z']),
    ]) {
      expect(() => ranges(bad)).toThrow(new CalendarDataError(NOT_ICALENDAR));
    }
  });
});
