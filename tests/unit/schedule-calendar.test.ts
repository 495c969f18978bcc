import { describe, expect, test } from 'bun:test';
import { dayKey, instantOf, monthTitle, monthWeeks, shiftMonth, timeOf } from '#src/admin/schedule/calendar.ts';

describe('the schedule calendar', () => {
  test('a month is whole weeks, Monday first, blanks before the 1st and after the last', () => {
    // 1 November 2026 is a Sunday: six blanks, then the 1st.
    const weeks = monthWeeks('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks[5]).toEqual(['2026-11-30', null, null, null, null, null, null]);
    // February 2027 starts on a Monday and has exactly four weeks.
    expect(monthWeeks('2027-02').map((week) => week[0])).toEqual(['2027-02-01', '2027-02-08', '2027-02-15', '2027-02-22']);
    expect(monthWeeks('2028-02').flat().filter(Boolean)).toHaveLength(29);
  });

  test('months step across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(monthTitle('2026-11')).toBe('November 2026');
  });

  test("a wall-clock time the coach types is read in the coach's zone, across daylight-saving changes", () => {
    expect(instantOf('2026-07-01', '09:00', 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
    expect(instantOf('2026-12-01', '09:00', 'Europe/London')).toBe('2026-12-01T09:00:00.000Z');
    expect(instantOf('2026-03-29', '03:30', 'Europe/London')).toBe('2026-03-29T02:30:00.000Z');
    expect(instantOf('2026-11-25', '09:00', 'Asia/Kolkata')).toBe('2026-11-25T03:30:00.000Z');
    expect(instantOf('2026-11-25', '09:00', 'UTC')).toBe('2026-11-25T09:00:00.000Z');
  });

  test("an instant's day and time are the coach's, not the server's", () => {
    expect(dayKey('2030-11-30T12:00:00Z', 'Pacific/Auckland')).toBe('2030-12-01');
    expect(timeOf('2030-11-30T12:00:00Z', 'Pacific/Auckland')).toBe('01:00');
    expect(dayKey('2031-03-01T05:00:00Z', 'America/Los_Angeles')).toBe('2031-02-28');
  });
});
