import { describe, expect, test } from 'bun:test';
import {
  CalendarFetchError,
  calendarUrl,
  guardedFetch,
  httpFailure,
  isPrivateAddress,
  PRIVATE_ADDRESS,
} from '#server/calendars/guarded-fetch.ts';

// Issue 34 §3: which addresses a coach's calendar may be fetched from. The requests themselves
// (timeouts, sizes, redirects) are tested against real loopback servers in tests/api/calendars.test.ts.

describe('private addresses', () => {
  test.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.20',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1234',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  test.each(['93.184.216.34', '172.32.0.1', '8.8.8.8', '100.128.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  test('a literal private address is refused before any connection; allowed, it is tried', async () => {
    const guarded = guardedFetch({ allowPrivate: false, timeoutMs: 1_000, maxBytes: 1_000 });
    for (const url of [
      'http://127.0.0.1:9/x.ics',
      'http://[::1]:9/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
    ]) {
      await expect(guarded(url)).rejects.toThrow(new CalendarFetchError(PRIVATE_ADDRESS));
    }
    const allowed = guardedFetch({ allowPrivate: true, timeoutMs: 1_000, maxBytes: 1_000 });
    // Port 9 (discard) has nothing listening here: the connection itself is what fails.
    await expect(allowed('http://127.0.0.1:9/x.ics')).rejects.toThrow(/^Could not connect to the server/);
  });
});

describe('addresses as the coach types them', () => {
  test('webcal:// and webcals:// are read as https://; spaces around are trimmed', () => {
    expect(calendarUrl('  webcal://p01-caldav.icloud.com/published/2/abc ').href).toBe('https://p01-caldav.icloud.com/published/2/abc');
    expect(calendarUrl('WEBCALS://example.com/a.ics').href).toBe('https://example.com/a.ics');
    expect(calendarUrl('http://example.com/a.ics').protocol).toBe('http:');
  });

  test('anything but http(s), and a user name or password in the address, are refused in words', () => {
    for (const bad of ['ftp://example.com/a.ics', 'file:///etc/passwd', 'javascript:alert(1)', 'calendar.google.com/x', '']) {
      expect(() => calendarUrl(bad)).toThrow(new CalendarFetchError('The address must start with https:// or webcal://'));
    }
    expect(() => calendarUrl('https://coach:secret@dav.example/')).toThrow(
      new CalendarFetchError('Put the user name and password in their own fields, not in the address'),
    );
  });

  test('a refusal status is said with what to do about it', () => {
    expect(httpFailure(401)).toBe('The server answered 401: check the user name and app password');
    expect(httpFailure(403)).toBe('The server answered 403: check the user name and app password');
    expect(httpFailure(404)).toBe('The server answered 404: check the address');
    expect(httpFailure(503)).toBe('The server answered 503: it may be down; the site will try again');
    expect(httpFailure(429)).toBe('The server answered 429');
  });
});
