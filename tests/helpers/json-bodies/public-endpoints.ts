// The JSON endpoints anyone may call (tests/helpers/json-bodies/endpoints.ts): contact, sign-in,
// newsletter signup, password reset and booking.
import fc from 'fast-check';
import type { JsonEndpoint } from './fixtures.ts';
import { TARGET_PASSWORD } from './fixtures.ts';
import { field, long, newEmail, newPassword, one, optionalText, words } from './values.ts';

export const PUBLIC_ENDPOINTS: Record<string, JsonEndpoint> = {
  'POST /api/contact': {
    caller: 'anonymous',
    url: () => '/api/contact',
    fields: () => ({
      name: field(fc.oneof(one('Ada Lovelace', '  Zoë 李  ', '<b>x</b>'), words(3)), 'a', '  a  ', long(101), 123, true, ['x'], {
        $ne: '',
      }),
      email: field(fc.oneof(one('someone@example.com', ' Someone@Example.COM '), newEmail), 'a@', 'a@b', `${long(250)}@x.io`),
      subject: optionalText(200, 'Coaching'),
      message: field(
        fc.oneof(one('I would like to talk about coaching.', '<script>alert(1)</script> and more'), words(40)),
        'too short',
        long(5_001),
        [],
      ),
      // The honeypot: filled in, the answer is the same 201 and nothing is stored.
      website: field(one('', 'https://spam.example')),
    }),
  },
  'POST /api/auth/login': {
    caller: 'anonymous',
    url: () => '/api/auth/login',
    // Known or plain addresses only: each well-formed attempt costs an argon2 verification
    // (~200 ms here) until the per-e-mail limit answers 429 (before any hashing) after five.
    fields: (f) => ({
      email: field(one(f.target.email, ` ${f.target.email.toUpperCase()} `, 'someone@example.com'), 'a@', 'a@b', 'not-an-email', ''),
      password: field(one(TARGET_PASSWORD, 'Wrong-Passw0rd!', ` ${TARGET_PASSWORD}`), '', long(257)),
    }),
  },
  // No login challenge cookie here: a well-formed body is 401 (tests/api/two-factor.test.ts signs in with one).
  'POST /api/auth/login/second-factor': {
    caller: 'anonymous',
    url: () => '/api/auth/login/second-factor',
    fields: () => ({
      code: field(one('123456', ' 123 456 ', '000000'), '12345', '1234567', 'abcdef', '', 123456),
      recoveryCode: field(one('abcd-efgh-ijkl-mnop', 'ABCD EFGH IJKL MNOP'), '', long(65), 5),
    }),
  },
  // The newsletter is off in this database: a valid signup is 403, so nothing is written after an answer.
  'POST /api/newsletter/subscribe': {
    caller: 'anonymous',
    url: () => '/api/newsletter/subscribe',
    fields: () => ({
      email: field(fc.oneof(one('reader@example.com'), newEmail), 'a@', 'a@b', ''),
      firstName: optionalText(100, 'Ada'),
      lastName: optionalText(100, 'Lovelace'),
      source: field(one('post', 'footer', 'services'), 'admin', '', 1),
      website: field(one('', 'https://spam.example')),
    }),
  },
  'POST /api/newsletter/confirm': {
    caller: 'anonymous',
    url: () => '/api/newsletter/confirm',
    fields: () => ({ token: field(one('x'.repeat(43)), '', long(201)) }),
  },
  'POST /api/newsletter/resubscribe': {
    caller: 'anonymous',
    url: () => '/api/newsletter/resubscribe',
    fields: () => ({ token: field(one('1.AAAAAAAAAAAAAAAAAAAAAA', '12345.x'), '', long(201)) }),
  },
  'POST /api/auth/password-reset': {
    caller: 'anonymous',
    url: () => '/api/auth/password-reset',
    // Addresses without an account only: a known one is sent its link after the answer, a write
    // this file's "nothing changed" check could catch mid-flight.
    fields: () => ({
      email: field(fc.oneof(one('someone@example.com', ' Someone@Example.COM '), newEmail), 'a@', 'a@b', `${long(250)}@x.io`, ''),
    }),
  },
  'POST /api/auth/password-reset/confirm': {
    caller: 'anonymous',
    url: () => '/api/auth/password-reset/confirm',
    fields: () => ({
      token: field(one('x'.repeat(43), 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), '', long(201)),
      password: newPassword,
    }),
  },
  // The client portal's sign-in (issue 36): addresses of no client, and links and codes never sent,
  // so nothing is written whatever the body.
  'POST /api/portal/sign-in': {
    caller: 'anonymous',
    url: () => '/api/portal/sign-in',
    fields: () => ({
      email: field(fc.oneof(one('someone@example.com', ' Someone@Example.COM '), newEmail), 'a@', 'a@b', `${long(250)}@x.io`, ''),
    }),
  },
  'POST /api/portal/sign-in/code': {
    caller: 'anonymous',
    url: () => '/api/portal/sign-in/code',
    fields: () => ({
      email: field(one('someone@example.com'), 'a@', '', 5),
      code: field(one('123456', ' 000000 '), '12345', '1234567', 'abcdef', '', 123456),
    }),
  },
  'POST /api/portal/sign-in/link': {
    caller: 'anonymous',
    url: () => '/api/portal/sign-in/link',
    fields: () => ({ token: field(one('x'.repeat(43), 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), '', long(201)) }),
  },
  // Times the availability never offers (or booking off): 400 or 404, and nothing is booked.
  'POST /api/bookings': {
    caller: 'anonymous',
    url: () => '/api/bookings',
    fields: () => ({
      start: field(
        one('2099-03-04T10:00:00.000Z', '2001-01-01T00:00:00Z', '2030-01-01T09:07:00+01:00'),
        'tomorrow',
        '2099-13-01T00:00:00Z',
        5,
        '',
      ),
      name: field(one('Grace Hopper', '  Zoë 李  '), 'a', long(101), 5),
      email: field(one('grace@example.com'), 'a@', 'a@b', ''),
      topic: optionalText(2_000, 'Leading through change'),
      timeZone: field(one('UTC', 'Asia/Kolkata', 'America/New_York'), 'Mars/Olympus', '', 5),
      website: field(one('', 'https://spam.example')),
    }),
  },
  // Issue 37: no package 999999 (a valid body is 404, nothing held, Stripe never asked).
  'POST /api/payments/packages/:id/checkout': {
    caller: 'anonymous',
    url: () => '/api/payments/packages/999999/checkout',
    fields: () => ({
      name: field(one('Grace Hopper', '  Zoë 李  '), 'a', long(101), 5),
      email: field(one('grace@example.com'), 'a@', 'a@b', ''),
      timeZone: field(one('UTC', 'Asia/Kolkata'), 'Mars/Olympus', '', 5),
    }),
  },
  // Tokens never made here: 404, and nothing changes.
  'POST /api/bookings/manage/cancel': {
    caller: 'anonymous',
    url: () => '/api/bookings/manage/cancel',
    fields: () => ({ token: field(one('1.AAAAAAAAAAAAAAAAAAAAAA', '12345.x'), '', long(201)) }),
  },
  'POST /api/bookings/manage/reschedule': {
    caller: 'anonymous',
    url: () => '/api/bookings/manage/reschedule',
    fields: () => ({
      token: field(one('1.AAAAAAAAAAAAAAAAAAAAAA', '12345.x'), '', long(201)),
      start: field(one('2099-03-04T10:00:00.000Z'), 'tomorrow', 5),
    }),
  },
};
