import { describe, expect, test } from 'bun:test';
import {
  firstDayOfWeek,
  type GridKey,
  monthTitle,
  monthWeeks,
  moveInGrid,
  shiftDayByMonths,
  shiftMonth,
  weekdayColumns,
} from '#src/components/booking/month-grid.ts';

const MONDAY = 1;
const SUNDAY = 7;

describe('the booking calendar month', () => {
  test('whole weeks from the first day of the week, blanks before the 1st and after the last', () => {
    // 1 November 2026 is a Sunday.
    const mondayFirst = monthWeeks('2026-11', MONDAY);
    expect(mondayFirst).toHaveLength(6);
    expect(mondayFirst[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(mondayFirst[5]).toEqual(['2026-11-30', null, null, null, null, null, null]);
    const sundayFirst = monthWeeks('2026-11', SUNDAY);
    expect(sundayFirst).toHaveLength(5);
    expect(sundayFirst[0]![0]).toBe('2026-11-01');
    expect(sundayFirst[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    expect(monthWeeks('2028-02', MONDAY).flat().filter(Boolean)).toHaveLength(29);
  });

  test('columns, titles and months across years', () => {
    expect(weekdayColumns(MONDAY).map((column) => column.short)).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    expect(weekdayColumns(SUNDAY)[0]).toEqual({ short: 'Su', long: 'Sunday' });
    expect(monthTitle('2026-12')).toBe('December 2026');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftDayByMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(shiftDayByMonths('2026-12-15', -12)).toBe('2025-12-15');
  });

  test("the week starts where the visitor's locale says: Sunday in the US, Monday in Britain", () => {
    expect(firstDayOfWeek('en-US')).toBe(SUNDAY);
    expect(firstDayOfWeek('en-GB')).toBe(MONDAY);
    expect(firstDayOfWeek('not a locale')).toBe(MONDAY);
  });
});

describe('moving focus in the grid (WAI-ARIA date picker), free days only', () => {
  // Weekdays free from Tuesday 1 December 2026, the 2nd and the 8th off, into January.
  const free = [
    '2026-12-01',
    '2026-12-03',
    '2026-12-04',
    '2026-12-07',
    '2026-12-09',
    '2026-12-10',
    '2026-12-31',
    '2027-01-04',
    '2027-01-05',
  ];
  const move = (day: string, key: GridKey, shift = false) => moveInGrid(day, key, { free, firstDay: MONDAY, shift });

  test('arrows move by day and week to the next free day that way', () => {
    expect(move('2026-12-01', 'ArrowRight')).toBe('2026-12-03');
    expect(move('2026-12-03', 'ArrowLeft')).toBe('2026-12-01');
    expect(move('2026-12-01', 'ArrowDown')).toBe('2026-12-09');
    expect(move('2026-12-10', 'ArrowUp')).toBe('2026-12-03');
    expect(move('2026-12-31', 'ArrowRight')).toBe('2027-01-04');
  });

  test('nowhere to go leaves focus where it is', () => {
    expect(move('2026-12-01', 'ArrowLeft')).toBeNull();
    expect(move('2026-12-01', 'ArrowUp')).toBeNull();
    expect(move('2027-01-05', 'ArrowRight')).toBeNull();
    expect(moveInGrid('2026-12-01', 'ArrowRight', { free: [], firstDay: MONDAY })).toBeNull();
  });

  test("Home and End reach the week's first and last free day", () => {
    expect(move('2026-12-04', 'Home')).toBe('2026-12-01');
    expect(move('2026-12-01', 'End')).toBe('2026-12-04');
    expect(move('2026-12-07', 'Home')).toBe('2026-12-07');
    expect(moveInGrid('2026-12-03', 'Home', { free, firstDay: SUNDAY })).toBe('2026-12-01');
  });

  test('PageUp and PageDown move by month to the nearest free day there; with Shift by year', () => {
    expect(move('2026-12-03', 'PageDown')).toBe('2027-01-04');
    expect(move('2027-01-05', 'PageUp')).toBe('2026-12-04');
    expect(move('2027-01-05', 'PageDown')).toBeNull();
    expect(move('2026-12-03', 'PageDown', true)).toBeNull();
  });
});
