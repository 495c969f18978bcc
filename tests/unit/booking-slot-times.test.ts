import { describe, expect, test } from 'bun:test';
import { formatCallStart, groupSlotsByDay, timeZoneChoices } from '#src/components/booking/slot-times.ts';

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
});

test('formatCallStart names the day, date and time in the zone', () => {
  expect(formatCallStart('2026-03-29T08:30:00.000Z', 'Europe/London')).toBe('Sunday 29 March 2026 at 09:30');
  expect(formatCallStart('2026-03-28T08:30:00.000Z', 'Europe/London')).toBe('Saturday 28 March 2026 at 08:30');
});

test('timeZoneChoices always includes the current zone', () => {
  expect(timeZoneChoices('Europe/London')).toContain('Europe/London');
  expect(timeZoneChoices('Asia/Calcutta')).toContain('Asia/Calcutta');
});
