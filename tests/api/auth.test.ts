import { describe, expect, spyOn, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { sessions, users } from '#db/schema.ts';
import { sessionIdOf } from '#server/auth/session.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { createUserRow, signedIn, TEST_PASSWORD } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

const login = (body: unknown, options: { ip?: string; cookie?: string } = {}) =>
  sendJson('POST', '/api/auth/login', body, {
    ip: options.ip ?? freshIp(),
    headers: options.cookie ? { Cookie: options.cookie } : {},
  });

/** The stored session of a token (none once it has ended). */
const sessionRows = (token: string) =>
  db()
    .select()
    .from(sessions)
    .where(eq(sessions.id, sessionIdOf(token)));

const me = (cookie?: string, extra: Record<string, string> = {}) =>
  request('/api/auth/me', { headers: { ...(cookie ? { Cookie: cookie } : {}), ...extra } });

/** A raw Response or a typed client's answer: either has the headers. */
type Answer = { headers: Headers };

const cookieFrom = (response: Answer) => response.headers.get('set-cookie') ?? '';
const tokenFrom = (response: Answer) => /session=([^;]*)/.exec(cookieFrom(response))?.[1] ?? '';

const USER_KEYS = ['createdAt', 'email', 'firstName', 'id', 'lastName', 'profileImageUrl', 'role'];

describe('POST /api/auth/login', () => {
  test('signs in with a fresh session: the cookie carries the token, the database only its hash', async () => {
    const user = await createUserRow(db(), { role: 'admin' });
    const response = await typedApi(undefined, freshIp()).publicApi.auth.login.$post({
      json: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    // The route answers { user } or, for an account with two-factor sign-in, { twoFactorRequired }.
    if (!('user' in body)) throw new Error(`expected a session, got ${JSON.stringify(body)}`);
    expect(Object.keys(body.user).sort()).toEqual(USER_KEYS);
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: 'admin' });

    const cookie = cookieFrom(response);
    expect(cookie).toMatch(/^session=[a-z2-7]{32}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toMatch(/Expires=/);
    expect(cookie).not.toContain('Domain');
    const token = tokenFrom(response);
    expect(JSON.stringify(body)).not.toContain(token);
    const [stored] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored!.id).toBe(sessionIdOf(token));
    expect(stored!.id).not.toBe(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });

  test('the e-mail is matched whatever its case and surrounding spaces; the password is not trimmed', async () => {
    const user = await createUserRow(db(), { password: 'Passw0rd!x' });
    expect((await login({ email: `  ${user.email.toUpperCase()} `, password: 'Passw0rd!x' })).status).toBe(200);
    expect((await login({ email: user.email, password: ' Passw0rd!x' })).status).toBe(401);
  });

  test('an unknown e-mail and a wrong password get byte-identical answers after one verification each', async () => {
    const user = await createUserRow(db());
    const verify = spyOn(Bun.password, 'verify');
    try {
      const wrongPassword = await login({ email: user.email, password: 'Wrong-Passw0rd!' });
      expect(verify).toHaveBeenCalledTimes(1);
      const unknownEmail = await login({ email: 'nobody@example.com', password: 'Wrong-Passw0rd!' });
      expect(verify).toHaveBeenCalledTimes(2);
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(401);
      const [a, b] = [await wrongPassword.text(), await unknownEmail.text()];
      expect(a).toBe('{"message":"Invalid email or password"}');
      expect(b).toBe(a);
      expect(cookieFrom(wrongPassword)).toBe('');
    } finally {
      verify.mockRestore();
    }
  });

  test('missing or malformed fields are refused before any hashing', async () => {
    const verify = spyOn(Bun.password, 'verify');
    try {
      const noEmail = await login({ password: 'x' });
      expect(noEmail.status).toBe(400);
      expect(await noEmail.json()).toEqual({ message: 'Please enter a valid email address', field: 'email' });
      const noPassword = await login({ email: 'a@example.com', password: '' });
      expect(await noPassword.json()).toEqual({ message: 'Password is required', field: 'password' });
      const huge = await login({ email: 'a@example.com', password: 'x'.repeat(10_000) });
      expect(huge.status).toBe(400);
      expect((await huge.json()).field).toBe('password');
      const extra = await login({ email: 'a@example.com', password: 'x', role: 'admin' });
      expect(await extra.json()).toEqual({ message: 'Unknown field: role', field: 'role' });
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
  });

  test('20 parallel wrong attempts get exactly 5 answers and 15 refusals; then even the right password waits', async () => {
    const user = await createUserRow(db());
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login({ email: user.email, password: 'Wrong-Passw0rd!' }, { ip })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const right = await login({ email: user.email, password: TEST_PASSWORD }, { ip: freshIp() });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await right.json()).toEqual({ message: 'Too many login attempts. Try again in 15 minutes.' });
  });

  test('the per-e-mail limit holds across many client addresses', async () => {
    const user = await createUserRow(db());
    for (let n = 0; n < 5; n++) expect((await login({ email: user.email, password: 'Nope-Passw0rd!' })).status).toBe(401);
    expect((await login({ email: user.email, password: 'Nope-Passw0rd!' })).status).toBe(429);
  });

  test('the per-IP limit holds across many e-mails', async () => {
    const ip = freshIp();
    for (let n = 0; n < 5; n++)
      expect((await login({ email: `guess${n}@example.com`, password: 'Nope-Passw0rd!' }, { ip })).status).toBe(401);
    expect((await login({ email: 'guess9@example.com', password: 'Nope-Passw0rd!' }, { ip })).status).toBe(429);
  });

  test('a success clears its e-mail counter', async () => {
    const user = await createUserRow(db());
    for (let n = 0; n < 4; n++) await login({ email: user.email, password: 'Nope-Passw0rd!' });
    expect((await login({ email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    for (let n = 0; n < 4; n++) expect((await login({ email: user.email, password: 'Nope-Passw0rd!' })).status).toBe(401);
    // Nine password hashes: over bun's 5 s default while other tests share the two cores.
  }, 30_000);

  test('signing in with an existing session cookie issues a new token and ends the old session', async () => {
    const { user, token, cookie } = await signedIn(db(), 'admin');
    const response = await login({ email: user.email, password: TEST_PASSWORD }, { cookie });
    expect(response.status).toBe(200);
    expect(tokenFrom(response)).not.toBe(token);
    const [old] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(token)));
    expect(old).toBeUndefined();
  });

  test('a cross-site login is refused (login CSRF)', async () => {
    const user = await createUserRow(db());
    const response = await sendJson(
      'POST',
      '/api/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      {
        headers: { Origin: 'https://evil.example' },
      },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Cross-site request refused' });
  });
});

describe('GET /api/auth/me', () => {
  test('answers the signed-in user', async () => {
    const { user, cookie } = await signedIn(db(), 'user');
    const response = await typedApi(() => ({ Cookie: cookie })).publicApi.auth.me.$get();
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: 'user' });
    expect(Object.keys(body.user).sort()).toEqual(USER_KEYS);
    expect(cookieFrom(response)).toBe('');
  });

  test('signed out → 401', async () => {
    const response = await me();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Authentication required' });
  });

  for (const [name, value] of [
    ['random', 'abcdefghijklmnopqrstuvwxyz234567'],
    ['empty', ''],
    ['10 KB', 'a'.repeat(10_000)],
    ['SQL', "' OR 1=1--"],
  ] as const) {
    test(`a forged cookie (${name}) → 401 and the cookie is cleared`, async () => {
      const response = await me(`session=${encodeURIComponent(value)}`);
      expect(response.status).toBe(401);
      expect(cookieFrom(response)).toMatch(/^session=; Max-Age=0; /);
    });
  }

  test('a valid token with one character changed, or the stored hash sent as the cookie → 401', async () => {
    const { token } = await signedIn(db(), 'admin');
    const changed = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    expect((await me(`session=${changed}`)).status).toBe(401);
    expect((await me(`session=${sessionIdOf(token)}`)).status).toBe(401);
  });

  test('a token in the query string or an Authorization header is ignored', async () => {
    const { token } = await signedIn(db(), 'admin');
    expect((await request(`/api/auth/me?session=${token}`)).status).toBe(401);
    expect((await me(undefined, { Authorization: `Bearer ${token}` })).status).toBe(401);
  });

  test('an expired session → 401 and its row is deleted', async () => {
    const { token, cookie } = await signedIn(db(), 'admin');
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionIdOf(token)));
    expect((await me(cookie)).status).toBe(401);
    expect(await sessionRows(token)).toEqual([]);
  });

  test('a session older than 90 days → 401 even while active', async () => {
    const { token, cookie } = await signedIn(db(), 'admin');
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(eq(sessions.id, sessionIdOf(token)));
    expect((await me(cookie)).status).toBe(401);
  });

  test('a session with less than 15 days left is renewed to 30 days and its cookie re-sent', async () => {
    const { token, cookie } = await signedIn(db(), 'admin');
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * 86_400_000) })
      .where(eq(sessions.id, sessionIdOf(token)));
    const response = await me(cookie);
    expect(response.status).toBe(200);
    expect(cookieFrom(response)).toStartWith(`session=${token}; `);
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(token)));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });
});

describe('POST /api/auth/logout', () => {
  test('ends the session, clears the cookie and the site data; the old token no longer works', async () => {
    const { token, cookie } = await signedIn(db(), 'admin');
    const response = await sendJson('POST', '/api/auth/logout', {}, { headers: { Cookie: cookie } });
    expect(response.status).toBe(204);
    expect(cookieFrom(response)).toMatch(/^session=; Max-Age=0; /);
    expect(response.headers.get('clear-site-data')).toBe('"cache", "storage"');
    expect(await sessionRows(token)).toEqual([]);
    expect((await me(cookie)).status).toBe(401);
    const again = await sendJson('POST', '/api/auth/logout', {}, { headers: { Cookie: cookie } });
    expect(again.status).toBe(204);
  });

  test('a GET cannot log anyone out', async () => {
    const { cookie } = await signedIn(db(), 'admin');
    const response = await request('/api/auth/logout', { headers: { Cookie: cookie } });
    expect(response.status).toBe(404);
    expect((await me(cookie)).status).toBe(200);
  });

  test('a cross-site logout is refused', async () => {
    const { cookie } = await signedIn(db(), 'admin');
    const response = await sendJson('POST', '/api/auth/logout', {}, { headers: { Cookie: cookie, Origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect((await me(cookie)).status).toBe(200);
  });
});

test("a deleted user's sessions end with them", async () => {
  const { user, cookie } = await signedIn(db(), 'admin');
  await db().delete(users).where(eq(users.id, user.id));
  expect((await me(cookie)).status).toBe(401);
});
