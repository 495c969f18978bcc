import { describe, expect, test } from 'bun:test';
import { callTime } from '#server/mail/booking-templates.ts';
import { bookingRulesText, freeUntil, pastCutoff, reschedulesLeft } from '#src/schemas/session-rules.ts';

// Issue 35 §4: the cut-off counts real hours before the start, whatever the zone and whatever the
// clocks do between the two; at the cut-off itself the free period is over.

const HOUR = 60 * 60 * 1000;

describe('the cut-off', () => {
  test.each([
    ['Europe/London', '2026-12-01T09:00:00Z'],
    ['America/New_York', '2026-12-01T14:00:00Z'],
    ['Asia/Kolkata', '2026-12-01T03:30:00Z'],
  ])('in %s: free a millisecond before it, not at it or after', (_zone, startIso) => {
    const start = new Date(startIso);
    const cutoff = freeUntil(start, 24);
    expect(cutoff.getTime()).toBe(start.getTime() - 24 * HOUR);
    expect(pastCutoff(start, 24, new Date(cutoff.getTime() - 1))).toBe(false);
    expect(pastCutoff(start, 24, cutoff)).toBe(true);
    expect(pastCutoff(start, 24, new Date(cutoff.getTime() + 1))).toBe(true);
  });

  test('across the clocks going back in London (25 October 2026): 24 real hours, 23:30 the day before on the wall clock', () => {
    // 10:30 on Sunday 25 October in London is 10:30Z (GMT); clocks went back at 02:00 BST.
    const start = new Date('2026-10-25T10:30:00Z');
    const cutoff = freeUntil(start, 24);
    expect(cutoff.toISOString()).toBe('2026-10-24T10:30:00.000Z');
    expect(callTime(cutoff, 'Europe/London')).toBe('Saturday 24 October 2026 at 11:30 (United Kingdom Time — London)');
    expect(pastCutoff(start, 24, new Date('2026-10-24T10:29:59.999Z'))).toBe(false);
  });

  test('across the clocks going forward in New York (8 March 2026): the cut-off shows an hour earlier on the wall clock', () => {
    const start = new Date('2026-03-08T13:00:00Z'); // 09:00 EDT, hours after the change
    const cutoff = freeUntil(start, 24);
    expect(callTime(cutoff, 'America/New_York')).toBe('Saturday 7 March 2026 at 08:00 (Eastern Time — New York)');
  });

  test('a cut-off of 0 hours is the start itself', () => {
    const start = new Date('2026-12-01T09:00:00Z');
    expect(pastCutoff(start, 0, new Date(start.getTime() - 1))).toBe(false);
    expect(pastCutoff(start, 0, start)).toBe(true);
  });
});

test('moves left: no limit, some, none (never below zero)', () => {
  expect(reschedulesLeft(null, 5)).toBeNull();
  expect(reschedulesLeft(2, 1)).toBe(1);
  expect(reschedulesLeft(2, 2)).toBe(0);
  expect(reschedulesLeft(1, 3)).toBe(0);
});

describe('the rules as the booking page says them', () => {
  test('the cut-off, what a late cancellation costs (its payment or its credit) and the moves allowed', () => {
    expect(bookingRulesText({ cancelCutoffHours: 24, maxReschedules: 1 }, true)).toBe(
      'You can cancel or move it free of charge until 24 hours before it starts; a later cancellation is not refunded. It can be moved once.',
    );
    expect(bookingRulesText({ cancelCutoffHours: 1, maxReschedules: null }, false)).toBe(
      'You can cancel or move it free of charge until 1 hour before it starts; a later cancellation uses up a package credit if it used one.',
    );
    expect(bookingRulesText({ cancelCutoffHours: 48, maxReschedules: 0 }, false)).toContain('It cannot be moved.');
    expect(bookingRulesText({ cancelCutoffHours: 0, maxReschedules: 3 }, false)).toBe('It can be moved up to 3 times.');
    expect(bookingRulesText({ cancelCutoffHours: 0, maxReschedules: null }, false)).toBeNull();
  });
});
