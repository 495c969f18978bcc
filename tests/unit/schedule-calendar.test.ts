import { describe, expect, test } from 'bun:test';
import { monthTitle, monthWeeks, shiftMonth } from '#src/admin/schedule/calendar.ts';

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
});
