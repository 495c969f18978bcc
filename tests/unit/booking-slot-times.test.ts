import { describe, expect, test } from 'bun:test';
import {
  calendarDayLabel,
  formatCallStart,
  groupSlotsByDay,
  timeZoneChoices,
  todayIn,
  usesTwelveHourClock,
} from '#src/components/booking/slot-times.ts';

const slot = (start: string) => ({ start, end: new Date(new Date(start).getTime() + 30 * 60_000).toISOString() });

describe('groupSlotsByDay', () => {
  test("groups by the chosen zone's calendar day, not UTC's", () => {
    const slots = [slot('2026-12-01T22:00:00.000Z'), slot('2026-12-01T23:30:00.000Z'), slot('2026-12-02T09:00:00.000Z')];
    expect(groupSlotsByDay(slots, 'UTC').map((day) => [day.day, day.slots.map((s) => s.time)])).toEqual([
      ['2026-12-01', ['22:00', '23:30']],
      ['2026-12-02', ['09:00']],
    ]);
    // Kolkata is 5:30 ahead: the two evening slots fall on the 2nd there.
    const kolkata = groupSlotsByDay(slots, 'Asia/Kolkata');
    expect(kolkata.map((day) => [day.day, day.label, day.slots.map((s) => s.time)])).toEqual([
      ['2026-12-02', 'Wednesday 2 December', ['03:30', '05:00', '14:30']],
    ]);
    expect(groupSlotsByDay(slots, 'America/Los_Angeles').map((day) => day.day)).toEqual(['2026-12-01', '2026-12-02']);
  });

  test('times on a 12-hour clock when asked: "3:00 PM"', () => {
    const slots = [slot('2026-12-01T20:00:00.000Z'), slot('2026-12-02T05:30:00.000Z'), slot('2026-12-02T17:00:00.000Z')];
    const times = groupSlotsByDay(slots, 'America/New_York', true).map((day) => day.slots.map((s) => s.time.replace(/\s/g, ' ')));
    expect(times).toEqual([['3:00 PM'], ['12:30 AM', '12:00 PM']]);
  });
});

test("a locale's clock: 12-hour in the US, 24-hour in Britain and Germany", () => {
  expect(usesTwelveHourClock('en-US')).toBe(true);
  expect(usesTwelveHourClock('en-GB')).toBe(false);
  expect(usesTwelveHourClock('de-DE')).toBe(false);
  expect(usesTwelveHourClock('not a locale')).toBe(false);
});

test("today and a calendar day's name, in the zone's calendar", () => {
  expect(todayIn('Pacific/Auckland', new Date('2026-12-01T12:00:00.000Z'))).toBe('2026-12-02');
  expect(todayIn('America/Los_Angeles', new Date('2026-12-01T05:00:00.000Z'))).toBe('2026-11-30');
  expect(calendarDayLabel('2026-12-01')).toBe('Tuesday 1 December');
});

test('formatCallStart names the day, date and time in the zone', () => {
  expect(formatCallStart('2026-03-29T08:30:00.000Z', 'Europe/London')).toBe('Sunday 29 March 2026 at 09:30');
  expect(formatCallStart('2026-03-28T08:30:00.000Z', 'Europe/London')).toBe('Saturday 28 March 2026 at 08:30');
  expect(formatCallStart('2026-03-29T19:30:00.000Z', 'America/New_York', true).replace(/\s/g, ' ')).toBe('Sunday 29 March 2026 at 3:30 PM');
});

test('timeZoneChoices always includes the current zone and UTC, each once', () => {
  expect(timeZoneChoices('Europe/London')).toContain('Europe/London');
  expect(timeZoneChoices('Asia/Calcutta')).toContain('Asia/Calcutta');
  expect(timeZoneChoices('Europe/London')).toContain('UTC');
  const zones = timeZoneChoices('UTC');
  expect(new Set(zones).size).toBe(zones.length);
});
