// The one date-format module (issue 32 §1): every date and time the admin shows is read in the
// coach's time zone, whatever zone the machine rendering it runs in, across daylight-saving changes.
import { afterEach, describe, expect, test } from 'bun:test';
import { clockIn, dayIn, formatDate, formatDay, instantIn, timeZoneLabel } from '#src/lib/format-date.ts';
import { fromLocalInput, toLocalInput } from '#src/lib/local-datetime.ts';

// The event: 03:55 PM in New York, 08:55 PM in UTC.
const EVENT = '2026-11-28T20:55:00.000Z';

describe('one instant, read in the zone asked for', () => {
  test('the same instant in zones far apart, half-hour offsets included, crossing the date line', () => {
    expect(formatDate(EVENT, 'UTC')).toBe('Nov 28, 2026 at 08:55 PM');
    expect(formatDate(EVENT, 'America/New_York')).toBe('Nov 28, 2026 at 03:55 PM');
    expect(formatDate(EVENT, 'Asia/Kolkata')).toBe('Nov 29, 2026 at 02:25 AM');
    expect(formatDate(EVENT, 'Pacific/Auckland')).toBe('Nov 29, 2026 at 09:55 AM');
    expect(formatDate(EVENT, 'Pacific/Auckland', 'date')).toBe('Nov 29, 2026');
    expect(formatDate(EVENT, 'America/Los_Angeles', 'longDate')).toBe('November 28, 2026');
    expect(formatDate(EVENT, 'Asia/Tokyo', 'time')).toBe('05:55 AM');
    expect(dayIn(EVENT, 'Pacific/Auckland')).toBe('2026-11-29');
    expect(clockIn(EVENT, 'America/New_York')).toBe('15:55');
  });

  test('a Date, an ISO string and epoch milliseconds are the same instant', () => {
    const date = new Date(EVENT);
    expect(formatDate(date, 'Europe/London')).toBe(formatDate(EVENT, 'Europe/London'));
    expect(formatDate(date.getTime(), 'Europe/London')).toBe(formatDate('2026-11-28T15:55:00-05:00', 'Europe/London'));
  });

  describe("never the zone of the machine that renders (the server's, or the browser's)", () => {
    const before = process.env.TZ;
    afterEach(() => {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    });

    test('the same text whatever zone the process runs in', () => {
      const seen = ['UTC', 'Pacific/Kiritimati', 'America/Adak', 'Asia/Kathmandu', 'Europe/London', 'America/New_York'].map((zone) => {
        process.env.TZ = zone;
        return [
          formatDate(EVENT, 'America/New_York'),
          dayIn(EVENT, 'America/New_York'),
          formatDay('2026-11-28'),
          instantIn('2026-11-28', '15:55', 'America/New_York'),
          // The hour London passes twice, and the one New York skips.
          instantIn('2026-10-25', '01:30', 'Europe/London'),
          instantIn('2026-03-08', '02:30', 'America/New_York'),
        ];
      });
      // The process's zone did change (Bun reads TZ as it changes)...
      process.env.TZ = 'Pacific/Kiritimati';
      expect(new Date(EVENT).getHours()).toBe(10);
      // ...and nothing read it.
      expect(new Set(seen.map((row) => JSON.stringify(row))).size).toBe(1);
      expect(seen[0]).toEqual([
        'Nov 28, 2026 at 03:55 PM',
        '2026-11-28',
        'Nov 28, 2026',
        EVENT,
        '2026-10-25T00:30:00.000Z',
        '2026-03-08T07:30:00.000Z',
      ]);
    });
  });
});

describe('across daylight-saving changes', () => {
  test('America/New_York springs forward on 2026-03-08: 01:59 EST is followed by 03:00 EDT', () => {
    expect(formatDate('2026-03-08T06:59:00Z', 'America/New_York')).toBe('Mar 08, 2026 at 01:59 AM');
    expect(formatDate('2026-03-08T07:00:00Z', 'America/New_York')).toBe('Mar 08, 2026 at 03:00 AM');
    // 09:00 the coach types is 14:00 UTC the day before, 13:00 UTC that day.
    expect(instantIn('2026-03-07', '09:00', 'America/New_York')).toBe('2026-03-07T14:00:00.000Z');
    expect(instantIn('2026-03-08', '09:00', 'America/New_York')).toBe('2026-03-08T13:00:00.000Z');
    // 02:30 never happens that night: it moves forward by the hour the clocks skip.
    expect(instantIn('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(formatDate('2026-03-08T07:30:00Z', 'America/New_York', 'time')).toBe('03:30 AM');
  });

  test('Europe/London falls back on 2026-10-25: 01:30 happens twice, 09:00 moves an hour in UTC', () => {
    expect(formatDate('2026-10-25T00:30:00Z', 'Europe/London')).toBe('Oct 25, 2026 at 01:30 AM');
    expect(formatDate('2026-10-25T01:30:00Z', 'Europe/London')).toBe('Oct 25, 2026 at 01:30 AM');
    expect(formatDate('2026-10-24T23:30:00Z', 'Europe/London')).toBe('Oct 25, 2026 at 12:30 AM');
    expect(dayIn('2026-10-24T23:30:00Z', 'Europe/London')).toBe('2026-10-25');
    expect(instantIn('2026-10-24', '09:00', 'Europe/London')).toBe('2026-10-24T08:00:00.000Z');
    expect(instantIn('2026-10-25', '09:00', 'Europe/London')).toBe('2026-10-25T09:00:00.000Z');
    // The repeated hour reads as its first time (BST), as Temporal's "compatible" reading does.
    expect(instantIn('2026-10-25', '01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    // The same wall-clock time on either side of the change.
    expect(formatDate('2026-10-24T08:00:00Z', 'Europe/London', 'time')).toBe(formatDate('2026-10-26T09:00:00Z', 'Europe/London', 'time'));
  });

  test('other zones and UTC', () => {
    expect(instantIn('2026-07-01', '09:00', 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
    expect(instantIn('2026-03-29', '03:30', 'Europe/London')).toBe('2026-03-29T02:30:00.000Z');
    expect(instantIn('2026-11-25', '09:00', 'Asia/Kolkata')).toBe('2026-11-25T03:30:00.000Z');
    expect(instantIn('2026-11-25', '09:00', 'UTC')).toBe('2026-11-25T09:00:00.000Z');
    expect(dayIn('2031-03-01T05:00:00Z', 'America/Los_Angeles')).toBe('2031-02-28');
  });
});

describe('what the coach types', () => {
  test("a schedule field shows and reads the wall clock of the coach's zone, across a DST change", () => {
    expect(toLocalInput('2026-03-08T14:00:00.000Z', 'America/New_York')).toBe('2026-03-08T10:00');
    expect(toLocalInput('2026-03-07T15:00:00.000Z', 'America/New_York')).toBe('2026-03-07T10:00');
    expect(toLocalInput('2026-03-08T14:00:30.000Z', 'America/New_York')).toBe('2026-03-08T10:00:30');
    expect(toLocalInput(null, 'America/New_York')).toBe('');
    expect(fromLocalInput('2026-03-08T10:00', 'America/New_York')).toBe('2026-03-08T14:00:00.000Z');
    expect(fromLocalInput('2026-10-25T09:00', 'Europe/London')).toBe('2026-10-25T09:00:00.000Z');
    expect(fromLocalInput('2026-10-24T09:00:30', 'Europe/London')).toBe('2026-10-24T08:00:30.000Z');
    for (const zone of ['UTC', 'Asia/Tokyo', 'America/New_York', 'Europe/London']) {
      expect(fromLocalInput(toLocalInput(EVENT, zone), zone)).toBe(EVENT);
    }
  });

  test('anything but a day and a time is no instant', () => {
    expect(fromLocalInput('', 'UTC')).toBeNull();
    expect(fromLocalInput('2026-02-30T09:00', 'UTC')).toBeNull();
    expect(instantIn('2026-02-28', '24:00', 'UTC')).toBeNull();
    expect(instantIn('28/02/2026', '09:00', 'UTC')).toBeNull();
    expect(instantIn('2026-02-28', '9am', 'UTC')).toBeNull();
  });
});

describe('calendar days and zone names', () => {
  test('a day already chosen reads the same in every zone', () => {
    expect(formatDay('2026-11-28')).toBe('Nov 28, 2026');
    expect(formatDay('2026-11-28', 'longDate')).toBe('November 28, 2026');
    expect(formatDay('2026-11-01', 'month')).toBe('November 2026');
    expect(formatDay('2026-03-08', 'shortDate')).toBe('Mar 08');
  });

  test('a zone is named as the Settings list names it', () => {
    expect(timeZoneLabel('America/New_York')).toBe('America/New York');
    expect(timeZoneLabel('UTC')).toBe('UTC');
  });
});
