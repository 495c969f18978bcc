import { describe, expect, test } from 'bun:test';
import { availabilityOf, controlIdOf, draftErrors, draftOf, errorOrder, nextRange } from '#src/admin/booking/availability-form.ts';
import { callTime, dayLabel } from '#src/admin/booking/call-time.ts';
import { availabilitySchema, defaultAvailability } from '#src/schemas/booking.ts';

// The /admin/booking availability form: what it sends is what the server's schema accepts, and
// what it says about a bad entry is the schema's own message, at the place it belongs.

const saved = defaultAvailability('Europe/London');

describe('the availability form', () => {
  test('an availability goes into the form and comes back out unchanged', () => {
    const draft = draftOf({ ...saved, dailyCap: 4, daysOff: ['2026-12-25'] });
    expect(draft).toMatchObject({ callMinutes: '30', dailyCap: '4', timeZone: 'Europe/London' });
    expect(availabilitySchema.parse(availabilityOf(draft))).toEqual({ ...saved, dailyCap: 4, daysOff: ['2026-12-25'] });
    expect(draftErrors(draft)).toEqual({});
    expect(draft).toEqual(draftOf({ ...saved, dailyCap: 4, daysOff: ['2026-12-25'] }));
  });

  test('an empty "calls per day" is no cap; an empty required number is named by the schema', () => {
    const draft = draftOf(saved);
    expect(availabilityOf(draft).dailyCap).toBeNull();
    const emptied = { ...draft, callMinutes: ' ', dailyCap: '0', topicRetentionDays: '1.5' };
    expect(draftErrors(emptied)).toEqual({
      callMinutes: 'Call length must be a number',
      dailyCap: 'Calls per day must be at least 1',
      topicRetentionDays: 'Topic retention must be a whole number',
    });
  });

  test("a range's message is at its end or start, overlapping ranges at the day, and focus follows the form's order", () => {
    const draft = draftOf(saved);
    const broken = {
      ...draft,
      weeklyHours: {
        ...draft.weeklyHours,
        tuesday: [{ start: '', end: '10:00' }],
        saturday: [{ start: '10:00', end: '09:00' }],
        sunday: [
          { start: '09:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
        ],
      },
      horizonDays: '0',
    };
    const errors = draftErrors(broken);
    expect(errors).toEqual({
      'weeklyHours.tuesday.0.start': 'Start must be a time written as HH:mm',
      'weeklyHours.saturday.0.end': 'End must be after start',
      'weeklyHours.sunday': 'Ranges of one day must not overlap',
      horizonDays: 'Booking window must be at least 1',
    });
    const first = errorOrder(broken.weeklyHours).find((key) => errors[key]);
    expect(first).toBe('weeklyHours.tuesday.0.start');
    expect(controlIdOf(first!)).toBe('availability-tuesday-0-start');
    expect(controlIdOf('weeklyHours.sunday')).toBe('availability-sunday-0-start');
    expect(controlIdOf('weeklyHours.saturday.0.end')).toBe('availability-saturday-0-end');
    expect(controlIdOf('horizonDays')).toBe('availability-horizonDays');
    expect(controlIdOf('daysOff')).toBe('availability-day-off');
  });

  test('a bad day off is named at the days off', () => {
    const draft = { ...draftOf(saved), daysOff: ['2026-02-30'] };
    expect(draftErrors(draft)).toEqual({ daysOff: 'A day off must be a real date' });
  });

  test('Add range offers 09:00–17:00 on an empty day, else the hour after the last range, never past midnight', () => {
    expect(nextRange([])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextRange([{ start: '09:00', end: '12:00' }])).toEqual({ start: '12:00', end: '13:00' });
    expect(nextRange([{ start: '20:00', end: '23:30' }])).toEqual({ start: '22:00', end: '23:00' });
    expect(nextRange([{ start: '', end: '' }])).toEqual({ start: '09:00', end: '10:00' });
  });
});

describe("a call's time", () => {
  test("is read in the coach's zone, across daylight saving", () => {
    expect(callTime('2026-07-01T08:00:00.000Z', '2026-07-01T08:30:00.000Z', 'Europe/London')).toBe('Jul 01, 2026 at 09:00 AM–09:30 AM');
    expect(callTime('2026-12-01T09:00:00.000Z', '2026-12-01T09:45:00.000Z', 'Europe/London')).toBe('Dec 01, 2026 at 09:00 AM–09:45 AM');
    expect(callTime('2026-12-01T09:00:00.000Z', '2026-12-01T09:30:00.000Z', 'America/New_York')).toBe('Dec 01, 2026 at 04:00 AM–04:30 AM');
  });

  test('a day off is a calendar day, shown as written', () => {
    expect(dayLabel('2026-12-25')).toBe('Fri 25 Dec 2026');
    expect(dayLabel('not a day')).toBe('not a day');
  });
});
