// The admin's JSON endpoints for the site itself (tests/helpers/json-bodies/endpoints.ts): settings,
// users, the contact inbox, bookings and availability, privacy, and the admin's own account.
import fc from 'fast-check';
import { WEEKDAYS } from '#src/schemas/booking.ts';
import type { JsonEndpoint } from './fixtures.ts';
import { field, flag, imageUrl, long, newEmail, newPassword, one, optionalText, words } from './values.ts';

const intakeQuestion = one(
  { id: 'goal', kind: 'long', label: 'What would you like to work on?', required: true, options: [] },
  { id: 'role', kind: 'single', label: 'Your role', required: false, options: ['Manager', 'Director'] },
);
/** A session type's fields (issue 35 §1); the fresh database's intro call is id 1. */
const sessionTypeFields = () => ({
  name: field(one('Coaching session', '  Strategy hour '), '', '  ', long(101), 'a\nb', 5),
  slug: field(one('coaching-session', 'strategy-hour'), '', 'Coaching', 'a--b', long(201), 5),
  description: field(one('', 'One hour, by video.'), long(2_001), 5, null),
  minutes: field(one(null, 60, 90), 14, 241, 1.5, '60'),
  bufferMinutes: field(one(null, 0, 15), -1, 241, '5'),
  minNoticeHours: field(one(null, 0, 24), -1, 721),
  dailyCap: field(one(null, 4), 0, 49),
  location: field(
    one(null, { kind: 'none' }, { kind: 'phone', phone: '+44 20 7946 0000' }),
    { kind: 'fax' },
    { kind: 'video', url: 'http://meet.example', roomPerCall: false },
    'zoom',
  ),
  access: field(one('anyone', 'clients', 'private'), 'everyone', '', 5),
  listed: flag,
  cancelCutoffHours: field(one(0, 24, 48), -1, 721, '24', null),
  maxReschedules: field(one(null, 0, 2), -1, 21),
  // The intro call (PUT …/1) is free: only no price is valid for both routes.
  priceMinor: field(one(null, 0), -1, 1.5, '120', 100_000_001),
  questions: field(
    fc.array(intakeQuestion, { maxLength: 1 }),
    [{ id: 'x', kind: 'single', label: 'Pick one', required: true, options: ['Only'] }],
    [{ id: 'x', kind: 'essay', label: 'Tell me', required: true, options: [] }],
    [{ id: 'x', kind: 'short', label: '', required: true, options: [] }],
    'none',
  ),
});

/** A client's fields (issue 35 §2). */
const clientFields = () => ({
  name: field(one('Ada Okafor', '  Grace Hopper '), '', '  ', long(101), 'a\nb', 5),
  email: field(newEmail, '', 'not-an-email', long(255), 5),
  phone: field(one('', '+44 20 7946 0000'), long(41), 'a\nb', 5),
  organisation: field(one('', 'Summit Ltd'), long(101), 5),
  timeZone: field(one(null, 'Europe/London', 'America/New_York'), 'Mars/Base', '', 5),
  status: field(one('prospect', 'active', 'past'), 'former', '', 5),
  tags: field(one([], ['vip'], ['executive', 'sponsored']), ['-x'], [''], 'vip', [long(31)]),
});

/** A package's fields (issue 35 §3); the fresh database's intro call is session type 1. */
const packageFields = () => ({
  name: field(one('Ten sessions', 'Quarter retainer'), '', long(101), 5),
  sessions: field(one(1, 10), 0, 101, 1.5, '10'),
  sessionTypeIds: field(one([1]), [], [0], ['1'], 'all'),
  validDays: field(one(null, 90, 365), 0, 3651, '90'),
  price: field(one('', '£900'), long(41), 5),
  priceMinor: field(one(null, 0, 90_000), -1, 1.5, '900', 100_000_001),
});

/** A recurring series' fields (issue 35 §5): its first local date and time, every 1 or 2 weeks, 2 to 52 times. */
const seriesFields = () => ({
  sessionTypeId: field(one(1, 2), 0, -1, 1.5, '1', null),
  date: field(one('2030-03-04', '2030-10-21'), '2030-02-30', '04/03/2030', '', 5),
  time: field(one('10:00', '01:30', '23:59'), '24:00', '9:30', '10:00:00', 5),
  every: field(one(1, 2), 0, 3, '1', null),
  count: field(one(2, 10, 52), 1, 53, 1.5, '4'),
});

export const ADMIN_SITE_ENDPOINTS: Record<string, JsonEndpoint> = {
  // Only ever switched off here: on, a valid signup would write after its answer.
  'PATCH /api/admin/settings': {
    caller: 'admin',
    url: () => '/api/admin/settings',
    fields: () => ({
      newsletterEnabled: field(one(false), 'yes', 1, 'true'),
      bookingEnabled: field(fc.boolean(), 'no', 0),
      developerTools: flag,
      setupChecklist: flag,
      siteName: field(one('Harbour Coaching', 'Summit Leadership Coaching'), '', long(61), 'a\nb'),
      coachTagline: field(one('Calm, clear growth'), '', long(121)),
      callLabel: field(one('Book a call', 'Talk to me'), '', '  ', long(41), 'a\nb'),
      contactEmail: field(one('', 'coach@example.com'), 'nope', `${long(250)}@x.io`),
      socialX: field(one('', 'https://x.com/coach'), 'javascript:alert(1)', 'x.com/coach', long(501)),
      timeZone: field(one('UTC', 'Europe/London', 'America/New_York'), 'Mars/Olympus', '', 5),
      // Any of these primaries with any of these accents reaches AA; a refused pair names its field.
      brandPrimary: field(one('#1f3358', '#2d6a4f', '#5B21B6'), '#f0f0f0', '#767676', 'navy', '#123', '', 0x1f3358),
      brandAccent: field(one('#dea838', '#f4c95d', '#F4A261'), '#1f3358', '#000000', 'gold', '#fc0', ''),
      // No image is uploaded here: an address of Media that holds nothing is refused like one elsewhere.
      brandLogo: field(one(''), 'https://evil.example/logo.png', '/images/portrait.png', '/media/abcdefghijklmnopqrstuvwx.png', 5),
      brandFavicon: field(one(''), 'javascript:alert(1)', '/media/abcdefghijklmnopqrstuvwx.svg', '/favicon.svg', null),
      // Issue 37: no payment is recorded here, so the currency may change.
      currency: field(one('EUR', 'gbp', 'JPY'), 'XYZ', 'euro', '', 978),
      taxRate: field(one(0, 2000, 550), -1, 10_001, 20.5, '20'),
      pricesIncludeTax: flag,
      businessName: field(one('', 'Avery Coaching Ltd'), long(121), 'a\nb', 5),
      businessAddress: field(one('', '1 High Street\nLondon'), long(401), 5),
      taxId: field(one('', 'GB123456789'), long(41), 'a\nb'),
    }),
  },
  'POST /api/auth/admin/users': {
    caller: 'admin',
    url: () => '/api/auth/admin/users',
    fields: (f) => ({
      // Half new (201, one hash each), half taken (409, before hashing).
      email: field(fc.oneof(newEmail, one(f.target.email, f.target.email.toUpperCase())), 'a@', 'a@b', ''),
      password: newPassword,
      role: field(one('admin', 'user'), 'owner', 'superadmin', 'Admin', ''),
      firstName: optionalText(100, 'Ada'),
      lastName: optionalText(100, 'Lovelace'),
      profileImageUrl: imageUrl,
    }),
  },
  'PATCH /api/auth/admin/users/:id/password': {
    caller: 'admin',
    url: (f) => `/api/auth/admin/users/${f.target.id}/password`,
    fields: () => ({ password: newPassword }),
  },
  'PATCH /api/auth/admin/users/:id/profile': {
    caller: 'admin',
    url: (f) => `/api/auth/admin/users/${f.target.id}/profile`,
    fields: () => ({
      profileImageUrl: field(one(null, '/images/a.png', 'https://example.com/a.png'), '', 'javascript:alert(1)', '//evil.example', 5),
    }),
  },
  // Takes no fields; an empty body is fine too.
  'PATCH /api/admin/contact-messages/:id/read': {
    caller: 'admin',
    url: (f) => `/api/admin/contact-messages/${f.messageId}/read`,
    fields: () => ({}),
  },
  'PUT /api/admin/booking/availability': {
    caller: 'admin',
    url: () => '/api/admin/booking/availability',
    fields: () => {
      const hours = fc.array(one({ start: '09:00', end: '12:00' }, { start: '13:00', end: '24:00' }), { maxLength: 1 });
      const week = fc.record(Object.fromEntries(WEEKDAYS.map((day) => [day, hours])));
      return {
        timeZone: field(one('UTC', 'Asia/Kolkata', 'Australia/Adelaide'), 'Mars/Olympus', '', 5),
        weeklyHours: field(week, { monday: [{ start: '12:00', end: '09:00' }] }, { monday: 'all day' }, [], 'x'),
        callMinutes: field(one(15, 30, 60), 14, 241, 1.5, '30'),
        bufferMinutes: field(one(0, 10), -1, 241, '5'),
        minNoticeHours: field(one(0, 24), -1, 721),
        horizonDays: field(one(1, 30, 365), 0, 366),
        daysOff: field(fc.array(one('2026-12-25', '2027-01-01'), { maxLength: 2 }), ['2026-02-30'], ['25/12/2026'], 'x'),
        dailyCap: field(one(null, 1, 8), 0, 49, '3'),
        topicRetentionDays: field(one(30, 90), 0, 3651),
        location: field(
          one(
            { kind: 'none' },
            { kind: 'video', url: 'https://meet.jit.si/summit-intro-', roomPerCall: true },
            { kind: 'phone', phone: '+44 20 7946 0000' },
            { kind: 'address', address: '1 Mill Lane\nBristol' },
          ),
          { kind: 'video', url: 'http://meet.example.com/room', roomPerCall: false },
          { kind: 'video', url: 'https://meet.jit.si/a?b', roomPerCall: true },
          { kind: 'phone', phone: 'call me' },
          { kind: 'address', address: long(301) },
          { kind: 'zoom' },
          'https://meet.jit.si/x',
        ),
      };
    },
  },
  // Addresses of nobody here: a valid erase deletes nothing.
  'POST /api/admin/privacy/erase': {
    caller: 'admin',
    url: () => '/api/admin/privacy/erase',
    fields: () => ({ email: field(fc.oneof(one('nobody@example.com'), newEmail), 'a@', 'a@b', '', long(300)) }),
  },
  'PUT /api/admin/privacy/retention': {
    caller: 'admin',
    url: () => '/api/admin/privacy/retention',
    fields: () => ({
      contactNetworkDays: field(one(1, 30, 365), 0, 366, '30', 1.5),
      contactMessageDays: field(one(null, 30, 3650), 29, 3651, '90'),
    }),
  },
  // The admin here has not started a setup: a well-formed code is 409.
  'POST /api/admin/account/two-factor/confirm': {
    caller: 'admin',
    url: () => '/api/admin/account/two-factor/confirm',
    fields: () => ({ code: field(one('123456', '000 000'), '12345', 'abcdef', '', 123456, null) }),
  },
  // Two-factor sign-in is off for the admin here: a well-formed proof is 409 before any check.
  'POST /api/admin/account/two-factor/disable': {
    caller: 'admin',
    url: () => '/api/admin/account/two-factor/disable',
    fields: () => ({ password: field(one('Some-Passw0rd!'), '', long(257), 5), code: field(one('123456'), '12345', 'abcdef') }),
  },
  'POST /api/admin/account/two-factor/recovery-codes': {
    caller: 'admin',
    url: () => '/api/admin/account/two-factor/recovery-codes',
    fields: () => ({ password: field(one('Some-Passw0rd!'), '', long(257), 5), code: field(one('123456'), '12345', 'abcdef') }),
  },
  // The admin here is not the owner: a well-formed switch is 403.
  'PUT /api/admin/account/require-two-factor': {
    caller: 'admin',
    url: () => '/api/admin/account/require-two-factor',
    fields: () => ({ required: flag }),
  },
  'POST /api/admin/session-types': { caller: 'admin', url: () => '/api/admin/session-types', fields: sessionTypeFields },
  'PUT /api/admin/session-types/:id': { caller: 'admin', url: () => '/api/admin/session-types/1', fields: sessionTypeFields },
  'POST /api/admin/session-types/reorder': {
    caller: 'admin',
    url: () => '/api/admin/session-types/reorder',
    fields: () => ({
      order: field(
        one([1]),
        [1, 1],
        [],
        [-1],
        [1.5],
        ['1'],
        'all',
        Array.from({ length: 1_001 }, (_, i) => i + 1),
      ),
    }),
  },
  // Issue 35 §2, §3: clients and packages. No client, package or grant 999999: a valid body is 404.
  'POST /api/admin/clients': { caller: 'admin', url: () => '/api/admin/clients', fields: clientFields },
  'PUT /api/admin/clients/:id': { caller: 'admin', url: () => '/api/admin/clients/999999', fields: clientFields },
  'PUT /api/admin/clients/:id/portal': {
    caller: 'admin',
    url: () => '/api/admin/clients/999999/portal',
    fields: () => ({ enabled: field(one(true, false), 'yes', 1, null) }),
  },
  'POST /api/admin/clients/:id/packages': {
    caller: 'admin',
    url: () => '/api/admin/clients/999999/packages',
    fields: () => ({
      packageId: field(one(1, 2), 0, -1, 1.5, '1', null),
      note: optionalText(200, 'Paid by bank transfer'),
    }),
  },
  'POST /api/admin/clients/:id/packages/:grant/adjust': {
    caller: 'admin',
    url: () => '/api/admin/clients/999999/packages/999999/adjust',
    fields: () => ({
      amount: field(one(1, -1, 5), 0, 101, -101, 1.5, '1'),
      reason: field(one('Goodwill', 'Counted twice'), '', '  ', long(201), 5),
    }),
  },
  // Issue 35 §5: a series for client 999999 (none): a valid body is 404, a preview writes nothing either way.
  'POST /api/admin/clients/:id/series/preview': {
    caller: 'admin',
    url: () => '/api/admin/clients/999999/series/preview',
    fields: seriesFields,
  },
  'POST /api/admin/clients/:id/series': { caller: 'admin', url: () => '/api/admin/clients/999999/series', fields: seriesFields },
  'POST /api/admin/packages': { caller: 'admin', url: () => '/api/admin/packages', fields: packageFields },
  // Issue 37: no booking, granted package or payment 999999 here: a valid body is 400 or 404, nothing recorded.
  'POST /api/admin/payments/manual': {
    caller: 'admin',
    url: () => '/api/admin/payments/manual',
    fields: () => ({
      method: field(one('bank_transfer', 'cash'), 'card', 'cheque', '', 1),
      bookingId: field(one(999999), 0, -1, '1', 1.5),
      amountMinor: field(one(1, 12_000), 0, -5, 1.5, '120', 100_000_001),
      billTo: field(
        one(null, { company: 'Summit Ltd', address: '1 High Street', taxId: 'GB123' }),
        { company: '' },
        { company: 'x', address: '', taxId: '', extra: 1 },
        'Summit',
      ),
    }),
  },
  'POST /api/admin/payments/:id/refund': {
    caller: 'admin',
    url: () => '/api/admin/payments/999999/refund',
    fields: () => ({
      amountMinor: field(one(1, 5_000), 0, -1, 1.5, '50'),
      reason: field(one('Goodwill', 'Cancelled by the coach'), '', '  ', long(201), 'a\nb'),
    }),
  },
  'PUT /api/admin/packages/:id': { caller: 'admin', url: () => '/api/admin/packages/999999', fields: packageFields },
  'POST /api/admin/bookings/:id/no-show': {
    caller: 'admin',
    url: () => '/api/admin/bookings/999999/no-show',
    fields: () => ({ reason: field(one('', 'Did not join'), long(201), 5, 'a\nb') }),
  },
  'POST /api/admin/bookings/:id/return-credit': {
    caller: 'admin',
    url: () => '/api/admin/bookings/999999/return-credit',
    fields: () => ({ reason: field(one('Family emergency'), '', long(201), 5) }),
  },
  // No booking in this database: a valid body is 404.
  'PUT /api/admin/bookings/:id/notes': {
    caller: 'admin',
    url: () => '/api/admin/bookings/999999/notes',
    fields: () => ({
      privateNotes: field(fc.oneof(one('', 'Worried about the board.'), words(20)), long(50_001), 5, null),
      sharedNotes: field(fc.oneof(one('', 'We agreed on **one** thing.'), words(20)), long(50_001), 5, null),
      actionItems: field(
        one([], [{ text: 'Draft the memo', done: false }], [{ text: 'Call the chair', done: true }]),
        [{ text: '', done: false }],
        [{ text: 'a', done: 'yes' }],
        [{ text: long(301), done: false }],
        'none',
      ),
      version: field(one(0, 1, 7), -1, 1.5, '1', null),
    }),
  },
  'POST /api/admin/bookings/:id/cancel': {
    caller: 'admin',
    url: () => '/api/admin/bookings/999999/cancel',
    fields: () => ({ message: optionalText(2_000, 'Sorry, I am unwell.') }),
  },
  // Connecting tries the calendar first: loopback addresses are refused before any request
  // (CALENDAR_ALLOW_PRIVATE is off here), so a valid body is a 400 that writes nothing.
  'POST /api/admin/calendars/feeds': {
    caller: 'admin',
    url: () => '/api/admin/calendars/feeds',
    fields: () => ({
      url: field(one('https://127.0.0.1/cal.ics', 'webcal://localhost/basic.ics'), '', '   ', 'not a url', long(2_001), 5),
      name: field(one(undefined, 'Personal'), long(101), 'a\nb', 5),
    }),
  },
  'POST /api/admin/calendars/caldav': {
    caller: 'admin',
    url: () => '/api/admin/calendars/caldav',
    fields: () => ({
      serverUrl: field(one('https://127.0.0.1/dav/', 'http://[::1]:5232/'), '', 'ftp://x', long(2_001), 5),
      username: field(one('coach', 'coach@example.com'), '', long(255), 'a\nb', 5),
      password: field(one('app-password-1234'), '', long(1_001), 5),
    }),
  },
  // No calendar in this database: a valid body is 404.
  'PATCH /api/admin/calendars/:id': {
    caller: 'admin',
    url: () => '/api/admin/calendars/999999',
    fields: () => ({
      blocksTime: field(one(undefined, true, false), 'yes', 1),
      writesBookings: field(one(undefined, true, false), 'no', 0),
    }),
  },
  'PUT /api/admin/calendars/feed': {
    caller: 'admin',
    url: () => '/api/admin/calendars/feed',
    fields: () => ({ showsNames: field(one(true, false), 'yes', 1, null) }),
  },
};
