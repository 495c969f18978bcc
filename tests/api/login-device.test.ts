// Issue 23, found by probing: five wrong passwords for the owner's e-mail from five addresses used
// to lock the owner out of every browser for 15 minutes. A browser that has signed in to the account
// now carries a signed device cookie, and its attempts are counted on their own (OWASP "device
// cookies"); unknown browsers keep the per-e-mail limit.
import { describe, expect, test } from 'bun:test';
import { sendJson } from '../helpers/app.ts';
import { createUserRow, TEST_PASSWORD } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

const login = (email: string, password: string, ip: string, cookie?: string) =>
  sendJson('POST', '/api/auth/login', { email, password }, { ip, headers: cookie ? { Cookie: cookie } : {} });

/** The device cookie a sign-in answered with, as a Cookie header value. */
const deviceCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('device='))
    ?.split(';')[0];

describe('a known browser keeps its own allowance', () => {
  // About 30 sign-ins, each hashing a password: past bun's 5 s when other test steps share the two cores.
  test("guesses from five addresses lock out new browsers, never the owner's own; its own wrong passwords are still limited", async () => {
    const owner = await createUserRow(db(), { role: 'admin', isOwner: true });
    const first = await login(owner.email, TEST_PASSWORD, '198.51.100.1');
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first)!;
    expect(device).toMatch(/^device=[\w-]{22}\.[\w-]{22}$/);
    const attributes = first.headers.getSetCookie().find((cookie) => cookie.startsWith('device='))!;
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('SameSite=Lax');
    expect(attributes).toMatch(/Max-Age=31536000/);

    // An attacker: five wrong passwords for the e-mail, from five addresses.
    for (let i = 0; i < 5; i++) expect((await login(owner.email, 'Wrong-Guess-1!', `203.0.113.${50 + i}`)).status).toBe(401);
    // A fresh browser, right password: the e-mail's limit holds.
    expect((await login(owner.email, TEST_PASSWORD, '198.51.100.2')).status).toBe(429);
    // The owner's browser, right password: in.
    const again = await login(owner.email, TEST_PASSWORD, '198.51.100.1', device);
    expect(again.status).toBe(200);
    expect(deviceCookieOf(again)).toBe(device);

    // Six wrong passwords from the known browser (from six addresses, so only its own count can stop it).
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await login(owner.email, 'Wrong-Guess-1!', `198.51.100.${20 + i}`, device)).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  }, 30_000);

  test("a device cookie is the account's it was given for: another account's, or one with a changed signature, counts as unknown", async () => {
    const alice = await createUserRow(db(), { role: 'admin' });
    const bob = await createUserRow(db(), { role: 'admin' });
    const alicesDevice = deviceCookieOf(await login(alice.email, TEST_PASSWORD, '198.51.100.60'))!;
    for (let i = 0; i < 5; i++) expect((await login(bob.email, 'Wrong-Guess-1!', `203.0.113.${80 + i}`)).status).toBe(401);
    expect((await login(bob.email, TEST_PASSWORD, '198.51.100.61', alicesDevice)).status).toBe(429);
    const forged = `${alicesDevice.slice(0, -3)}${alicesDevice.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (let i = 0; i < 5; i++) expect((await login(alice.email, 'Wrong-Guess-1!', `203.0.113.${90 + i}`)).status).toBe(401);
    expect((await login(alice.email, TEST_PASSWORD, '198.51.100.62', forged)).status).toBe(429);
    expect((await login(alice.email, TEST_PASSWORD, '198.51.100.60', alicesDevice)).status).toBe(200);
    // A dozen password hashes, like the test above: its budget too.
  }, 30_000);
});
