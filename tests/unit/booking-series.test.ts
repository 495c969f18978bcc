// Recurring sessions (issue 35 §5): a series' dates keep the coach's wall-clock time across both
// clock changes, a time the clocks skip is marked as not existing, a repeated one is its first
// instant; and each occurrence is judged against the hours, days off, other bookings with the
// buffer, the daily caps, the past and the client's credits, in words.
import { describe, expect, test } from 'bun:test';
import { expandSeries, judgeSeries, type SeriesContext, shownTime } from '#server/services/booking/series-dates.ts';
import { clockIn } from '#server/services/booking/slots.ts';
import { type Availability, defaultAvailability } from '#src/schemas/booking.ts';
import {
  SERIES_CALENDAR_BUSY,
  SERIES_DAILY_LIMIT,
  SERIES_DAY_OFF,
  SERIES_NO_CREDIT,
  SERIES_OUTSIDE_HOURS,
  SERIES_PAST,
  seriesNoSuchTime,
  seriesOtherBooking,
} from '#src/schemas/booking-series.ts';

const utc = (dates: ReturnType<typeof expandSeries>) => dates.map((occurrence) => occurrence.start.toISOString());
const local = (dates: ReturnType<typeof expandSeries>, zone: string) =>
  dates.map((occurrence) => `${occurrence.date} ${clockIn(occurrence.start, zone)}`);

describe('series expansion across DST', () => {
  test('Europe/London, weekly at 10:00 over the autumn change (25 Oct 2026): 10:00 local each week, 09:00Z then 10:00Z', () => {
    const dates = expandSeries({ date: '2026-10-13', time: '10:00', every: 1, count: 4 }, 'Europe/London');
    expect(utc(dates)).toEqual([
      '2026-10-13T09:00:00.000Z',
      '2026-10-20T09:00:00.000Z',
      '2026-10-27T10:00:00.000Z',
      '2026-11-03T10:00:00.000Z',
    ]);
    expect(local(dates, 'Europe/London')).toEqual(['2026-10-13 10:00', '2026-10-20 10:00', '2026-10-27 10:00', '2026-11-03 10:00']);
    expect(dates.every((occurrence) => occurrence.exists)).toBe(true);
  });

  test('Europe/London, every two weeks at 18:30 over the spring change (29 Mar 2026): 18:30Z then 17:30Z', () => {
    const dates = expandSeries({ date: '2026-03-16', time: '18:30', every: 2, count: 3 }, 'Europe/London');
    expect(utc(dates)).toEqual(['2026-03-16T18:30:00.000Z', '2026-03-30T17:30:00.000Z', '2026-04-13T17:30:00.000Z']);
    expect(local(dates, 'Europe/London')).toEqual(['2026-03-16 18:30', '2026-03-30 18:30', '2026-04-13 18:30']);
  });

  test('America/New_York, weekly at 09:00 over both changes of 2026 (8 Mar, 1 Nov)', () => {
    const spring = expandSeries({ date: '2026-03-02', time: '09:00', every: 1, count: 2 }, 'America/New_York');
    expect(utc(spring)).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z']);
    const autumn = expandSeries({ date: '2026-10-26', time: '09:00', every: 1, count: 2 }, 'America/New_York');
    expect(utc(autumn)).toEqual(['2026-10-26T13:00:00.000Z', '2026-11-02T14:00:00.000Z']);
    expect([...local(spring, 'America/New_York'), ...local(autumn, 'America/New_York')]).toEqual([
      '2026-03-02 09:00',
      '2026-03-09 09:00',
      '2026-10-26 09:00',
      '2026-11-02 09:00',
    ]);
  });

  test('a time the spring-forward night skips does not exist: 02:30 in New York on 8 Mar 2026, 01:30 in London on 29 Mar 2026', () => {
    const newYork = expandSeries({ date: '2026-03-01', time: '02:30', every: 1, count: 3 }, 'America/New_York');
    expect(newYork.map((occurrence) => occurrence.exists)).toEqual([true, false, true]);
    // Where the compatible rule would carry it (what the preview tells the coach): an hour later.
    expect(shownTime(newYork[1]!, 'America/New_York')).toBe('03:30');
    expect(local([newYork[0]!, newYork[2]!], 'America/New_York')).toEqual(['2026-03-01 02:30', '2026-03-15 02:30']);
    const london = expandSeries({ date: '2026-03-22', time: '01:30', every: 1, count: 2 }, 'Europe/London');
    expect(london.map((occurrence) => occurrence.exists)).toEqual([true, false]);
    expect(shownTime(london[1]!, 'Europe/London')).toBe('02:30');
  });

  test('01:30 on the spring-forward day in New York exists (the gap there is 02:00–03:00)', () => {
    const [occurrence] = expandSeries({ date: '2026-03-08', time: '01:30', every: 1, count: 2 }, 'America/New_York');
    expect(occurrence!.exists).toBe(true);
    expect(occurrence!.start.toISOString()).toBe('2026-03-08T06:30:00.000Z');
  });

  test('a time the fall-back night repeats is its first instant, before the clocks go back', () => {
    const [newYork] = expandSeries({ date: '2026-11-01', time: '01:30', every: 1, count: 2 }, 'America/New_York');
    expect(newYork!.start.toISOString()).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT, not 01:30 EST (06:30Z)
    const [london] = expandSeries({ date: '2026-10-25', time: '01:30', every: 1, count: 2 }, 'Europe/London');
    expect(london!.start.toISOString()).toBe('2026-10-25T00:30:00.000Z'); // 01:30 BST, not 01:30 GMT
    expect(newYork!.exists && london!.exists).toBe(true);
  });

  test('the answer does not depend on the machine’s own time zone', () => {
    const input = { date: '2026-10-18', time: '01:30', every: 1 as const, count: 3 };
    const saved = process.env.TZ;
    try {
      const answers = ['UTC', 'Europe/London', 'Asia/Tokyo', 'America/Los_Angeles'].map((zone) => {
        process.env.TZ = zone;
        return utc(expandSeries(input, 'Europe/London'));
      });
      expect(new Set(answers.map((answer) => answer.join())).size).toBe(1);
      expect(answers[0]).toEqual(['2026-10-18T00:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-11-01T01:30:00.000Z']);
    } finally {
      process.env.TZ = saved;
    }
  });

  test('N occurrences, stepped by calendar days over month and year ends; every two weeks skips a week', () => {
    const weekly = expandSeries({ date: '2026-12-21', time: '08:00', every: 1, count: 3 }, 'Asia/Tokyo');
    expect(weekly.map((occurrence) => occurrence.date)).toEqual(['2026-12-21', '2026-12-28', '2027-01-04']);
    const fortnightly = expandSeries({ date: '2026-01-30', time: '08:00', every: 2, count: 52 }, 'UTC');
    expect(fortnightly).toHaveLength(52);
    expect(fortnightly[1]!.date).toBe('2026-02-13');
    expect(fortnightly.at(-1)!.date).toBe('2028-01-14');
  });
});

// ---- Judging each occurrence

const coach = (overrides: Partial<Availability> = {}): Availability => ({
  // Weekdays 9–12 and 13–17.
  ...defaultAvailability('Europe/London'),
  callMinutes: 60,
  ...overrides,
});
const context = (overrides: Partial<SeriesContext> = {}): SeriesContext => ({
  rules: coach(),
  typeCap: undefined,
  booked: [],
  busy: [],
  creditsLeft: 10,
  creditRequired: true,
  now: new Date('2026-01-01T00:00:00Z'),
  ...overrides,
});
const conflictsOf = (input: Parameters<typeof expandSeries>[0], overrides: Partial<SeriesContext> = {}) => {
  const ctx = context(overrides);
  return judgeSeries(expandSeries(input, ctx.rules.timeZone), ctx).map((occurrence) => occurrence.conflicts);
};
const at = (iso: string, minutes = 60, sessionTypeId = 7) => ({
  start: new Date(iso),
  end: new Date(Date.parse(iso) + minutes * 60_000),
  sessionTypeId,
});

describe('judging a series', () => {
  test('within the hours on both sides of a clock change: nothing stops it, each end an hour after its start', () => {
    const ctx = context();
    const judged = judgeSeries(expandSeries({ date: '2026-10-20', time: '09:00', every: 1, count: 2 }, 'Europe/London'), ctx);
    expect(judged).toEqual([
      {
        start: '2026-10-20T08:00:00.000Z',
        end: '2026-10-20T09:00:00.000Z',
        date: '2026-10-20',
        time: '09:00',
        usesCredit: true,
        conflicts: [],
      },
      {
        start: '2026-10-27T09:00:00.000Z',
        end: '2026-10-27T10:00:00.000Z',
        date: '2026-10-27',
        time: '09:00',
        usesCredit: true,
        conflicts: [],
      },
    ]);
  });

  test('outside the hours: before they start, running past their end, on a day without hours', () => {
    expect(conflictsOf({ date: '2026-10-20', time: '08:30', every: 1, count: 2 })).toEqual([
      [SERIES_OUTSIDE_HOURS],
      [SERIES_OUTSIDE_HOURS],
    ]);
    expect(conflictsOf({ date: '2026-10-20', time: '16:30', every: 1, count: 2 })[0]).toEqual([SERIES_OUTSIDE_HOURS]);
    // 2026-10-24 is a Saturday.
    expect(conflictsOf({ date: '2026-10-24', time: '10:00', every: 1, count: 2 })[0]).toEqual([SERIES_OUTSIDE_HOURS]);
    // Any minute within the hours will do: the coach is not held to the visitors' slot grid.
    expect(conflictsOf({ date: '2026-10-20', time: '10:15', every: 1, count: 2 })).toEqual([[], []]);
  });

  test('a day off', () => {
    expect(conflictsOf({ date: '2026-10-20', time: '10:00', every: 1, count: 2 }, { rules: coach({ daysOff: ['2026-10-27'] }) })).toEqual([
      [],
      [SERIES_DAY_OFF],
    ]);
  });

  test('another booking, said at its own local time, and the buffer around it', () => {
    const booked = [at('2026-10-27T09:30:00Z')]; // 09:30 in London (GMT), for an hour
    expect(conflictsOf({ date: '2026-10-20', time: '10:00', every: 1, count: 2 }, { booked })).toEqual([[], [seriesOtherBooking('09:30')]]);
    // 10:30 starts as the other ends: free, until a 15-minute buffer keeps them apart.
    expect(conflictsOf({ date: '2026-10-27', time: '10:30', every: 1, count: 2 }, { booked })).toEqual([[], []]);
    const buffered = coach({ bufferMinutes: 15 });
    expect(conflictsOf({ date: '2026-10-27', time: '10:30', every: 1, count: 2 }, { booked, rules: buffered })[0]).toEqual([
      seriesOtherBooking('09:30'),
    ]);
  });

  test('a time busy in the coach’s own calendar, buffer included, but not counted in a daily limit', () => {
    const busy = [{ start: new Date('2026-10-27T09:30:00Z'), end: new Date('2026-10-27T10:00:00Z') }];
    expect(conflictsOf({ date: '2026-10-20', time: '09:00', every: 1, count: 2 }, { busy })).toEqual([[], [SERIES_CALENDAR_BUSY]]);
    expect(conflictsOf({ date: '2026-10-27', time: '10:00', every: 1, count: 1 }, { busy })).toEqual([[]]);
    expect(conflictsOf({ date: '2026-10-27', time: '10:00', every: 1, count: 1 }, { busy, rules: coach({ bufferMinutes: 15 }) })).toEqual([
      [SERIES_CALENDAR_BUSY],
    ]);
    expect(conflictsOf({ date: '2026-10-27', time: '13:00', every: 1, count: 1 }, { busy, rules: coach({ dailyCap: 1 }) })).toEqual([[]]);
  });

  test('the daily limits: the coach’s, and the session type’s own', () => {
    const booked = [at('2026-10-20T14:00:00Z', 60, 3), at('2026-10-20T15:00:00Z', 60, 7)];
    const input = { date: '2026-10-20', time: '10:00', every: 1 as const, count: 2 };
    expect(conflictsOf(input, { booked, rules: coach({ dailyCap: 2 }) })[0]).toEqual([SERIES_DAILY_LIMIT]);
    expect(conflictsOf(input, { booked, rules: coach({ dailyCap: 3 }) })[0]).toEqual([]);
    expect(conflictsOf(input, { booked, typeCap: { sessionTypeId: 7, dailyCap: 1 } })[0]).toEqual([SERIES_DAILY_LIMIT]);
    expect(conflictsOf(input, { booked, typeCap: { sessionTypeId: 9, dailyCap: 1 } })[0]).toEqual([]);
  });

  test('in the past: not in the future of `now` (no minimum notice for the coach)', () => {
    const now = new Date('2026-10-27T08:59:00Z');
    expect(conflictsOf({ date: '2026-10-20', time: '09:00', every: 1, count: 2 }, { now })).toEqual([[SERIES_PAST], []]);
  });

  test('credits are taken in date order: the ones beyond the client’s credits say so when the type needs one', () => {
    const input = { date: '2026-10-19', time: '10:00', every: 1 as const, count: 4 };
    const ctx = context({ creditsLeft: 2 });
    const judged = judgeSeries(expandSeries(input, 'Europe/London'), ctx);
    expect(judged.map((occurrence) => occurrence.usesCredit)).toEqual([true, true, false, false]);
    expect(judged.map((occurrence) => occurrence.conflicts)).toEqual([[], [], [SERIES_NO_CREDIT], [SERIES_NO_CREDIT]]);
    // A type anyone may book goes ahead without a credit once they run out.
    expect(conflictsOf(input, { creditsLeft: 2, creditRequired: false })).toEqual([[], [], [], []]);
  });

  test('a time the clocks skip is refused with the time it would become', () => {
    const rules = coach({
      timeZone: 'America/New_York',
      weeklyHours: { ...coach().weeklyHours, sunday: [{ start: '00:00', end: '24:00' }] },
    });
    expect(conflictsOf({ date: '2026-03-01', time: '02:30', every: 1, count: 3 }, { rules })).toEqual([
      [],
      [seriesNoSuchTime('02:30', '03:30')],
      [],
    ]);
    expect(seriesNoSuchTime('02:30', '03:30')).toBe('There is no 02:30 that day: the clocks go forward (it would be 03:30)');
  });
});
