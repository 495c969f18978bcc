import { describe, expect, test } from 'bun:test';
import { dayIn, freeSlots, isFreeSlot, type TimeRange } from '#server/services/booking/slots.ts';
import { type Availability, defaultAvailability, type HoursRange, WEEKDAYS, type Weekday } from '#src/schemas/booking.ts';

// 2026-06-01 is a Monday. Most tests turn notice off and look one or two days ahead, so every expected slot is listed.

const noHours = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as Availability['weeklyHours'];

/** The default availability in a zone, with overrides; `hours` replaces only the weekdays it names. */
const availability = (
  timeZone: string,
  overrides: Partial<Availability> = {},
  hours: Partial<Record<Weekday, HoursRange[]>> = {},
): Availability => {
  const base = { ...defaultAvailability(timeZone), minNoticeHours: 0, horizonDays: 1, ...overrides };
  return { ...base, weeklyHours: { ...base.weeklyHours, ...hours } };
};

/** Only the named weekdays have hours. */
const only = (hours: Partial<Record<Weekday, HoursRange[]>>) => ({ ...noHours, ...hours });

const range = (start: string, end: string): HoursRange => ({ start, end });
const booking = (start: string, end: string): TimeRange => ({ start: new Date(start), end: new Date(end) });
const starts = (slots: TimeRange[]) => slots.map((slot) => slot.start.toISOString());

/** Every `minutes` from `first` while before `until` (ISO instants), for long expected lists. */
const every = (first: string, until: string, minutes = 30) => {
  const list: string[] = [];
  for (let time = Date.parse(first); time < Date.parse(until); time += minutes * 60_000) list.push(new Date(time).toISOString());
  return list;
};

const mondayMorning = new Date('2026-06-01T00:00:00Z');

describe('free slots on ordinary days', () => {
  test('a plain weekday in UTC gives every half hour of 9–12 and 13–17, each 30 minutes long', () => {
    const slots = freeSlots(availability('UTC'), [], mondayMorning);
    expect(starts(slots)).toEqual([
      ...every('2026-06-01T09:00:00Z', '2026-06-01T12:00:00Z'),
      ...every('2026-06-01T13:00:00Z', '2026-06-01T17:00:00Z'),
    ]);
    expect(slots[0]!.end.toISOString()).toBe('2026-06-01T09:30:00.000Z');
    expect(slots.at(-1)!.end.toISOString()).toBe('2026-06-01T17:00:00.000Z');
  });

  test('several ranges a day, listed out of order, come out in start order', () => {
    const hours = only({ monday: [range('15:00', '16:00'), range('08:00', '08:30'), range('11:15', '12:15')] });
    const slots = freeSlots(availability('UTC', { weeklyHours: hours }), [], mondayMorning);
    expect(starts(slots)).toEqual([
      '2026-06-01T08:00:00.000Z',
      '2026-06-01T11:15:00.000Z',
      '2026-06-01T11:45:00.000Z',
      '2026-06-01T15:00:00.000Z',
      '2026-06-01T15:30:00.000Z',
    ]);
  });

  test('a slot must end by the end of its range', () => {
    const hours = only({ monday: [range('09:00', '10:50')] });
    const slots = freeSlots(availability('UTC', { weeklyHours: hours, callMinutes: 45 }), [], mondayMorning);
    expect(starts(slots)).toEqual(['2026-06-01T09:00:00.000Z', '2026-06-01T09:45:00.000Z']);
  });

  test('weekends have no hours by default', () => {
    const saturday = new Date('2026-06-06T00:00:00Z');
    expect(freeSlots(availability('UTC', { horizonDays: 1 }), [], saturday)).toEqual([]);
  });

  test('a range ending at 24:00 runs to midnight and meets the next day’s range without a duplicate', () => {
    const hours = only({ monday: [range('23:00', '24:00')], tuesday: [range('00:00', '01:00')] });
    const slots = freeSlots(availability('UTC', { weeklyHours: hours, horizonDays: 2 }), [], mondayMorning);
    expect(starts(slots)).toEqual([
      '2026-06-01T23:00:00.000Z',
      '2026-06-01T23:30:00.000Z',
      '2026-06-02T00:00:00.000Z',
      '2026-06-02T00:30:00.000Z',
    ]);
    expect(slots[1]!.end.toISOString()).toBe('2026-06-02T00:00:00.000Z');
  });

  test("'24:00' in New York is the next local midnight", () => {
    const hours = only({ monday: [range('23:00', '24:00')] });
    const slots = freeSlots(availability('America/New_York', { weeklyHours: hours, callMinutes: 60, horizonDays: 2 }), [], mondayMorning);
    expect(starts(slots)).toEqual(['2026-06-02T03:00:00.000Z']);
    expect(slots[0]!.end.toISOString()).toBe('2026-06-02T04:00:00.000Z');
  });
});

describe('notice, horizon, buffer, days off and the daily cap', () => {
  test('minimum notice: a slot exactly at now + notice is offered, one a minute inside it is not', () => {
    const day = only({ tuesday: [range('09:00', '10:00')] });
    const rules = availability('UTC', { weeklyHours: day, minNoticeHours: 24, horizonDays: 2 });
    expect(starts(freeSlots(rules, [], new Date('2026-06-01T09:00:00Z')))).toEqual([
      '2026-06-02T09:00:00.000Z',
      '2026-06-02T09:30:00.000Z',
    ]);
    expect(starts(freeSlots(rules, [], new Date('2026-06-01T09:01:00Z')))).toEqual(['2026-06-02T09:30:00.000Z']);
  });

  test('slots already started or past are never offered, even with no notice', () => {
    const slots = freeSlots(availability('UTC', {}, { tuesday: [] }), [], new Date('2026-06-01T16:10:00Z'));
    expect(starts(slots)).toEqual(['2026-06-01T16:30:00.000Z']);
  });

  test('horizon: a slot starting exactly at now + horizon days is the last one offered', () => {
    const slots = freeSlots(availability('UTC', { horizonDays: 1 }), [], new Date('2026-06-01T10:00:00Z'));
    expect(starts(slots)).toEqual([
      ...every('2026-06-01T10:00:00Z', '2026-06-01T12:00:00Z'),
      ...every('2026-06-01T13:00:00Z', '2026-06-01T17:00:00Z'),
      '2026-06-02T09:00:00.000Z',
      '2026-06-02T09:30:00.000Z',
      '2026-06-02T10:00:00.000Z',
    ]);
  });

  test('the buffer spaces slots apart', () => {
    const hours = only({ monday: [range('09:00', '11:00')] });
    const slots = freeSlots(availability('UTC', { weeklyHours: hours, bufferMinutes: 15 }), [], mondayMorning);
    expect(starts(slots)).toEqual(['2026-06-01T09:00:00.000Z', '2026-06-01T09:45:00.000Z', '2026-06-01T10:30:00.000Z']);
  });

  test('a booking takes its slot; slots that only touch it stay free', () => {
    const hours = only({ monday: [range('09:00', '11:00')] });
    const slots = freeSlots(
      availability('UTC', { weeklyHours: hours }),
      [booking('2026-06-01T10:00:00Z', '2026-06-01T10:30:00Z')],
      mondayMorning,
    );
    expect(starts(slots)).toEqual(['2026-06-01T09:00:00.000Z', '2026-06-01T09:30:00.000Z', '2026-06-01T10:30:00.000Z']);
  });

  test('a booking off the grid blocks every slot it overlaps', () => {
    const hours = only({ monday: [range('09:00', '11:00')] });
    const slots = freeSlots(
      availability('UTC', { weeklyHours: hours }),
      [booking('2026-06-01T09:45:00Z', '2026-06-01T10:15:00Z')],
      mondayMorning,
    );
    expect(starts(slots)).toEqual(['2026-06-01T09:00:00.000Z', '2026-06-01T10:30:00.000Z']);
  });

  test('the buffer also keeps slots clear of a booking on both sides', () => {
    const hours = only({ monday: [range('09:00', '12:00')] });
    const rules = availability('UTC', { weeklyHours: hours, callMinutes: 30, bufferMinutes: 15 });
    // Grid: 09:00, 09:45, 10:30, 11:15. The booking 10:15–10:30 blocks 10:00–10:45.
    const slots = freeSlots(rules, [booking('2026-06-01T10:15:00Z', '2026-06-01T10:30:00Z')], mondayMorning);
    expect(starts(slots)).toEqual(['2026-06-01T09:00:00.000Z', '2026-06-01T11:15:00.000Z']);
    // A booking 09:30–09:45 blocks 09:15–10:00: the 09:00 slot ends at 09:30 and loses; 09:45 starts inside and loses too.
    expect(starts(freeSlots(rules, [booking('2026-06-01T09:30:00Z', '2026-06-01T09:45:00Z')], mondayMorning))).toEqual([
      '2026-06-01T10:30:00.000Z',
      '2026-06-01T11:15:00.000Z',
    ]);
  });

  test('a busy time from the coach’s calendar blocks every slot it overlaps, buffer included, like a booking', () => {
    const hours = only({ monday: [range('09:00', '12:00')] });
    const rules = availability('UTC', { weeklyHours: hours, callMinutes: 30, bufferMinutes: 15 });
    // Grid: 09:00, 09:45, 10:30, 11:15. Busy 10:15–10:30 (the dentist) blocks 10:00–10:45 with the buffer.
    const busy = [booking('2026-06-01T10:15:00Z', '2026-06-01T10:30:00Z')];
    expect(starts(freeSlots(rules, [], mondayMorning, undefined, busy))).toEqual(['2026-06-01T09:00:00.000Z', '2026-06-01T11:15:00.000Z']);
    expect(isFreeSlot(rules, [], mondayMorning, new Date('2026-06-01T09:45:00Z'), undefined, busy)).toBe(false);
    expect(isFreeSlot(rules, [], mondayMorning, new Date('2026-06-01T09:45:00Z'))).toBe(true);
  });

  test('busy times count in no daily cap: a day with one busy block and a cap of 1 still has its other slots', () => {
    const rules = availability('UTC', { dailyCap: 1 });
    const busy = [booking('2026-06-01T09:00:00Z', '2026-06-01T12:00:00Z')];
    expect(starts(freeSlots(rules, [], mondayMorning, undefined, busy))).toEqual(every('2026-06-01T13:00:00Z', '2026-06-01T17:00:00Z'));
  });

  test('days off have no slots; days off are read in the coach’s zone', () => {
    const slots = freeSlots(availability('UTC', { horizonDays: 2, daysOff: ['2026-06-02'] }), [], mondayMorning);
    expect(slots.every((slot) => slot.start.toISOString().startsWith('2026-06-01'))).toBe(true);
    expect(slots).toHaveLength(14);
    // Auckland is +12 in June: its Tuesday 09:00 is Monday 21:00 UTC, its Wednesday 09:00 is Tuesday 21:00 UTC.
    const auckland = starts(freeSlots(availability('Pacific/Auckland', { horizonDays: 2, daysOff: ['2026-06-02'] }), [], mondayMorning));
    expect(auckland).not.toContain('2026-06-01T21:00:00.000Z');
    expect(auckland).toContain('2026-06-02T21:00:00.000Z');
  });

  test('daily cap: a full day gives no slots, a day below the cap gives the rest', () => {
    const rules = availability('UTC', { horizonDays: 2, dailyCap: 2 });
    const booked = [
      booking('2026-06-01T09:00:00Z', '2026-06-01T09:30:00Z'),
      booking('2026-06-01T15:00:00Z', '2026-06-01T15:30:00Z'),
      booking('2026-06-02T09:00:00Z', '2026-06-02T09:30:00Z'),
    ];
    const slots = freeSlots(rules, booked, mondayMorning);
    expect(slots.some((slot) => slot.start.toISOString().startsWith('2026-06-01'))).toBe(false);
    expect(starts(slots)).toEqual([
      ...every('2026-06-02T09:30:00Z', '2026-06-02T12:00:00Z'),
      ...every('2026-06-02T13:00:00Z', '2026-06-02T17:00:00Z'),
    ]);
  });

  test('daily cap counts bookings by the coach’s local day', () => {
    // 03:00 UTC on Tuesday is 23:00 on Monday in New York: it fills Monday, not Tuesday.
    const rules = availability('America/New_York', { horizonDays: 2, dailyCap: 1 });
    const slots = freeSlots(rules, [booking('2026-06-02T03:00:00Z', '2026-06-02T03:30:00Z')], new Date('2026-06-01T04:00:00Z'));
    expect(slots.some((slot) => dayIn(slot.start, 'America/New_York') === '2026-06-01')).toBe(false);
    expect(starts(slots)[0]).toBe('2026-06-02T13:00:00.000Z');
  });
});

describe('daylight saving and unusual offsets', () => {
  test('New York spring forward: Monday 09:00 is at the new offset, and a range inside the gap yields nothing', () => {
    const hours = only({ saturday: [range('09:00', '09:30')], sunday: [range('02:00', '02:45')], monday: [range('09:00', '10:00')] });
    const slots = freeSlots(availability('America/New_York', { weeklyHours: hours, horizonDays: 3 }), [], new Date('2026-03-07T05:00:00Z'));
    expect(starts(slots)).toEqual(['2026-03-07T14:00:00.000Z', '2026-03-09T13:00:00.000Z', '2026-03-09T13:30:00.000Z']);
  });

  test('New York spring forward: a range across the gap has its real length, a start in the gap moves forward', () => {
    const now = new Date('2026-03-08T05:00:00Z');
    const across = freeSlots(availability('America/New_York', { weeklyHours: only({ sunday: [range('01:00', '04:00')] }) }), [], now);
    // 01:00 EST to 04:00 EDT is two real hours.
    expect(starts(across)).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
    const fromGap = freeSlots(availability('America/New_York', { weeklyHours: only({ sunday: [range('02:30', '04:00')] }) }), [], now);
    // 02:30 does not exist; it becomes 03:30 EDT.
    expect(starts(fromGap)).toEqual(['2026-03-08T07:30:00.000Z']);
  });

  test('New York spring forward: two ranges whose ends cross in the gap give no duplicate or overlapping slots', () => {
    // 02:30 moves forward to 07:30 UTC, after 03:00 (07:00 UTC): the two grids overlap by half an hour.
    const hours = only({ sunday: [range('01:00', '02:30'), range('03:00', '04:00')] });
    const slots = freeSlots(availability('America/New_York', { weeklyHours: hours }), [], new Date('2026-03-08T05:00:00Z'));
    expect(starts(slots)).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
    // Off-grid: 01:10–02:40 gives 06:10, 06:40, 07:10 UTC; 03:00–04:00 gives 07:00 and 07:30, which overlap them and go.
    const misaligned = only({ sunday: [range('01:10', '02:40'), range('03:00', '04:00')] });
    const kept = freeSlots(availability('America/New_York', { weeklyHours: misaligned }), [], new Date('2026-03-08T05:00:00Z'));
    expect(starts(kept)).toEqual(['2026-03-08T06:10:00.000Z', '2026-03-08T06:40:00.000Z', '2026-03-08T07:10:00.000Z']);
  });

  test('London spring forward: Monday 09:00 is at BST, and a range inside the gap yields nothing', () => {
    const hours = only({ friday: [range('09:00', '09:30')], sunday: [range('01:15', '01:45')], monday: [range('09:00', '09:30')] });
    const slots = freeSlots(availability('Europe/London', { weeklyHours: hours, horizonDays: 4 }), [], new Date('2026-03-27T00:00:00Z'));
    expect(starts(slots)).toEqual(['2026-03-27T09:00:00.000Z', '2026-03-30T08:00:00.000Z']);
  });

  test('New York fall back: 00:00–03:00 is four real hours, eight distinct slots', () => {
    const hours = only({ sunday: [range('00:00', '03:00')], monday: [range('09:00', '09:30')] });
    const slots = freeSlots(availability('America/New_York', { weeklyHours: hours, horizonDays: 2 }), [], new Date('2026-11-01T00:00:00Z'));
    expect(starts(slots)).toEqual([...every('2026-11-01T04:00:00Z', '2026-11-01T08:00:00Z'), '2026-11-02T14:00:00.000Z']);
    expect(new Set(starts(slots)).size).toBe(slots.length);
  });

  test('New York fall back: ranges that meet in the repeated hour neither overlap nor leave a hole', () => {
    // 01:30 is read as its first occurrence (EDT), so the first range is 90 minutes and the second 150.
    const hours = only({ sunday: [range('00:00', '01:30'), range('01:30', '03:00')] });
    const slots = freeSlots(availability('America/New_York', { weeklyHours: hours }), [], new Date('2026-11-01T00:00:00Z'));
    expect(starts(slots)).toEqual(every('2026-11-01T04:00:00Z', '2026-11-01T08:00:00Z'));
    // On its own, 01:30–03:00 starts at the first 01:30 (05:30 UTC) and is two and a half real hours.
    const fromRepeated = freeSlots(
      availability('America/New_York', { weeklyHours: only({ sunday: [range('01:30', '03:00')] }) }),
      [],
      new Date('2026-11-01T00:00:00Z'),
    );
    expect(starts(fromRepeated)).toEqual(every('2026-11-01T05:30:00Z', '2026-11-01T08:00:00Z'));
  });

  test('London fall back: 00:00–03:00 is four real hours, starting the evening before in UTC', () => {
    const hours = only({ sunday: [range('00:00', '03:00')], monday: [range('09:00', '09:30')] });
    const slots = freeSlots(availability('Europe/London', { weeklyHours: hours, horizonDays: 2 }), [], new Date('2026-10-24T12:00:00Z'));
    expect(starts(slots)).toEqual([...every('2026-10-24T23:00:00Z', '2026-10-25T03:00:00Z'), '2026-10-26T09:00:00.000Z']);
    expect(new Set(starts(slots)).size).toBe(slots.length);
  });

  test('Asia/Kolkata (+05:30): 09:00 is 03:30 UTC', () => {
    const slots = freeSlots(
      availability('Asia/Kolkata', { weeklyHours: only({ monday: [range('09:00', '10:00')] }) }),
      [],
      new Date('2026-05-31T18:30:00Z'),
    );
    expect(starts(slots)).toEqual(['2026-06-01T03:30:00.000Z', '2026-06-01T04:00:00.000Z']);
  });

  test('Australia/Adelaide: +10:30 before DST ends on 5 April 2026, +09:30 after, and the long night has its real length', () => {
    const hours = only({ friday: [range('09:00', '09:30')], sunday: [range('00:00', '03:00')], monday: [range('09:00', '09:30')] });
    const slots = freeSlots(
      availability('Australia/Adelaide', { weeklyHours: hours, horizonDays: 4 }),
      [],
      new Date('2026-04-02T12:00:00Z'),
    );
    expect(starts(slots)).toEqual([
      '2026-04-02T22:30:00.000Z',
      ...every('2026-04-04T13:30:00Z', '2026-04-04T17:30:00Z'),
      '2026-04-05T23:30:00.000Z',
    ]);
  });

  test('the answer does not depend on how far ahead the window starts', () => {
    // Same New York weekday grid, seen from one day and from three days earlier.
    const rules = availability('America/New_York', { horizonDays: 5 });
    const near = freeSlots(rules, [], new Date('2026-11-02T05:00:00Z'));
    const far = freeSlots(rules, [], new Date('2026-10-30T05:00:00Z'));
    const monday = (slots: TimeRange[]) => starts(slots).filter((start) => start.startsWith('2026-11-02'));
    expect(monday(near)).toEqual(monday(far));
    expect(monday(near)[0]).toBe('2026-11-02T14:00:00.000Z');
  });
});

describe('isFreeSlot', () => {
  const rules = availability('UTC', { minNoticeHours: 2, horizonDays: 2, daysOff: ['2026-06-02'] });
  const now = new Date('2026-06-01T08:00:00Z');
  const booked = [booking('2026-06-01T14:00:00Z', '2026-06-01T14:30:00Z')];

  test('a generated slot is free, compared by time rather than by object', () => {
    expect(isFreeSlot(rules, booked, now, new Date('2026-06-01T10:30:00.000Z'))).toBe(true);
    const generated = freeSlots(rules, booked, now)[0]!;
    expect(isFreeSlot(rules, booked, now, new Date(generated.start.getTime()))).toBe(true);
  });

  test('a start off the grid, too soon, booked, or on a day off is not', () => {
    expect(isFreeSlot(rules, booked, now, new Date('2026-06-01T10:15:00Z'))).toBe(false);
    expect(isFreeSlot(rules, booked, now, new Date('2026-06-01T09:30:00Z'))).toBe(false);
    expect(isFreeSlot(rules, booked, now, new Date('2026-06-01T14:00:00Z'))).toBe(false);
    expect(isFreeSlot(rules, booked, now, new Date('2026-06-02T09:00:00Z'))).toBe(false);
  });
});

describe('dayIn', () => {
  test('the same instant falls on different dates in different zones', () => {
    expect(dayIn(new Date('2026-06-01T23:30:00Z'), 'UTC')).toBe('2026-06-01');
    expect(dayIn(new Date('2026-06-01T23:30:00Z'), 'Asia/Kolkata')).toBe('2026-06-02');
    expect(dayIn(new Date('2026-06-01T02:00:00Z'), 'America/New_York')).toBe('2026-05-31');
    expect(dayIn(new Date('2026-06-01T12:00:00Z'), 'Pacific/Auckland')).toBe('2026-06-02');
  });

  test('midnight is the first moment of the new day', () => {
    expect(dayIn(new Date('2026-06-01T18:29:59.999Z'), 'Asia/Kolkata')).toBe('2026-06-01');
    expect(dayIn(new Date('2026-06-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-06-02');
    expect(dayIn(new Date('2026-10-24T22:59:59Z'), 'Europe/London')).toBe('2026-10-24');
    expect(dayIn(new Date('2026-10-24T23:00:00Z'), 'Europe/London')).toBe('2026-10-25');
    expect(dayIn(new Date('2026-12-31T23:59:59Z'), 'UTC')).toBe('2026-12-31');
    expect(dayIn(new Date('2027-01-01T00:00:00Z'), 'UTC')).toBe('2027-01-01');
  });
});

describe('size', () => {
  // Speed is measured by benchmarks, not asserted here: this checks the fast path gives the naive answer.
  test('a year of 48 slots a day with 1,000 bookings matches a naive check', () => {
    const allDay = Object.fromEntries(WEEKDAYS.map((day) => [day, [range('00:00', '24:00')]])) as unknown as Availability['weeklyHours'];
    const rules = availability('Europe/London', { weeklyHours: allDay, horizonDays: 365, bufferMinutes: 0 });
    const now = new Date('2026-01-01T00:00:00Z');
    // Bookings every 8h 45m: on and off the grid, never overlapping one another.
    const booked = Array.from({ length: 1000 }, (_, i) => {
      const start = Date.parse('2026-01-02T00:00:00Z') + i * 525 * 60_000;
      return { start: new Date(start), end: new Date(start + 30 * 60_000) };
    });
    const slots = freeSlots(rules, booked, now);

    const all = freeSlots(rules, [], now);
    expect(all).toHaveLength(365 * 48 + 1);
    const bookedTimes = booked.map((b) => [b.start.getTime(), b.end.getTime()] as const);
    const naive = all.filter((slot) => {
      const [start, end] = [slot.start.getTime(), slot.end.getTime()];
      return !bookedTimes.some(([bookedStart, bookedEnd]) => start < bookedEnd && end > bookedStart);
    });
    expect(naive.length).toBeLessThan(all.length - 900);
    expect(starts(slots)).toEqual(starts(naive));
  });
});
