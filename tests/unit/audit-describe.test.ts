// Issue 32 §7: the audit log's details in words, not `newDevice: true`.
import { describe, expect, test } from 'bun:test';
import { describeDetails, humaniseKey, showValue } from '#src/admin/audit/describe-entry.ts';

describe('describeDetails', () => {
  test('a sign-in says how, and that it came from a new browser', () => {
    expect(describeDetails('sign_in.succeeded', { method: 'password', newDevice: true })).toEqual([
      'With the password, from a new browser',
    ]);
    expect(describeDetails('sign_in.succeeded', { method: 'totp', newDevice: false })).toEqual(['With an authenticator code']);
    expect(describeDetails('sign_in.succeeded', { method: 'recovery_code', newDevice: false })).toEqual(['With a recovery code']);
  });

  test('second factors, recovery codes and turning two-factor off', () => {
    expect(describeDetails('sign_in.second_factor_failed', { method: 'totp', attempt: 2 })).toEqual([
      'Wrong authenticator code, attempt 2',
    ]);
    expect(describeDetails('sign_in.second_factor_failed', { method: 'recovery_code', attempt: 1 })).toEqual([
      'Wrong recovery code, attempt 1',
    ]);
    expect(describeDetails('sign_in.recovery_code_used', { codesLeft: 1 })).toEqual(['1 recovery code left']);
    expect(describeDetails('sign_in.recovery_code_used', { codesLeft: 0 })).toEqual(['No recovery codes left']);
    expect(describeDetails('two_factor.disabled', { confirmedWith: 'password' })).toEqual(['Confirmed with the password']);
    expect(describeDetails('two_factor.disabled', { confirmedWith: 'code' })).toEqual(['Confirmed with an authenticator code']);
  });

  test('sessions ended, with the reason in words', () => {
    expect(describeDetails('session.ended', { sessions: 1, reason: 'signed_out' })).toEqual(['1 session ended: signed out']);
    expect(describeDetails('session.ended', { sessions: 3, reason: 'password_changed' })).toEqual([
      '3 sessions ended: the password was changed',
    ]);
  });

  test('accounts, posts, subscribers and erasures', () => {
    expect(describeDetails('user.created', { email: 'sam@example.com', role: 'admin' })).toEqual(['sam@example.com (Admin)']);
    expect(describeDetails('user.deleted', { email: 'kim@example.com', role: 'user' })).toEqual(['kim@example.com (User)']);
    expect(describeDetails('user.password_changed', { email: 'sam@example.com' })).toEqual(['sam@example.com']);
    expect(describeDetails('user.password_reset', { email: 'sam@example.com' })).toEqual(['sam@example.com']);
    expect(describeDetails('post.published', { title: 'Habits', scheduled: true })).toEqual(['“Habits”, at its scheduled time']);
    expect(describeDetails('post.unpublished', { title: 'Habits' })).toEqual(['“Habits”']);
    expect(describeDetails('post.deleted', { title: 'Habits', slug: 'habits' })).toEqual(['“Habits” (/blog/habits)']);
    expect(describeDetails('subscribers.exported', { count: 12, filter: { search: 'acme', status: 'confirmed' } })).toEqual([
      '12 subscribers, matching “acme”, confirmed only',
    ]);
    expect(describeDetails('subscribers.exported', { count: 1, filter: { search: null, status: null } })).toEqual(['1 subscriber']);
    expect(describeDetails('subscribers.imported', { added: 3, duplicates: 1, invalid: 0 })).toEqual([
      '3 added, 1 already on the list, 0 not valid',
    ]);
    expect(
      describeDetails('privacy.erased', { contactMessages: 2, subscriptions: 1, newsletterDeliveries: 0, bookings: 1, emails: 4 }),
    ).toEqual(['Erased 2 contact messages, 1 newsletter subscription, 1 call, 4 emails']);
    expect(
      describeDetails('privacy.erased', { contactMessages: 0, subscriptions: 0, newsletterDeliveries: 0, bookings: 0, emails: 0 }),
    ).toEqual(['Nothing was found to erase']);
  });

  test('a settings change reads "Name: old → new", switches on and off', () => {
    expect(
      describeDetails('settings.changed', {
        coachTagline: { from: 'Old line', to: 'New line' },
        bookingEnabled: { from: false, to: true },
        contactEmail: { from: '', to: 'hi@example.com' },
        requireTwoFactor: { from: true, to: false },
      }),
    ).toEqual([
      'Tagline: Old line → New line',
      'Booking: off → on',
      'Contact email: (empty) → hi@example.com',
      'Two-factor sign-in required for admins: on → off',
    ]);
  });

  test('anything else reads "Humanised key: value", also beside an action\'s own sentence', () => {
    expect(describeDetails('media.deleted', { fileName: 'cover.png', bytes: 1200 })).toEqual(['File name: cover.png', 'Bytes: 1200']);
    expect(describeDetails('sign_in.succeeded', { method: 'password', newDevice: true, via_proxy: 'yes' })).toEqual([
      'With the password, from a new browser',
      'Via proxy: yes',
    ]);
    expect(describeDetails('post.deleted', { slug: 'kept' })).toEqual(['Slug: kept']);
    expect(describeDetails('sign_in.failed', {})).toEqual([]);
  });
});

describe('humaniseKey and showValue', () => {
  test('keys in words', () => {
    expect(humaniseKey('coachName')).toBe('Coach name');
    expect(humaniseKey('codes_left')).toBe('Codes left');
    expect(humaniseKey('socialX')).toBe('X link');
  });

  test('values in words', () => {
    expect(showValue(true)).toBe('on');
    expect(showValue(null)).toBe('(empty)');
    expect(showValue(['a', 'b'])).toBe('a, b');
    expect(showValue({ search: 'x', status: null })).toBe('search x');
    expect(showValue({ from: 1, to: 2 })).toBe('1 → 2');
  });
});
