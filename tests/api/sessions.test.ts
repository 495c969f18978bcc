// Issue 23: the account's sessions on /admin/account (which browser, since when, last active; 'Sign
// out' one or everywhere else) and every change that must end sessions doing so at once: a password
// change (by the person or by an admin), a reset, a user deleted. Through the real app and database.
import { beforeEach, describe, expect, test } from 'bun:test';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLog, rateLimits, sessions, users } from '#db/schema.ts';
import { sessionIdOf } from '#server/auth/session.ts';
import { setUserPassword } from '#server/services/users.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { createUserRow, signedIn, TEST_PASSWORD } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

const AGENTS = {
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

let ipCounter = 0;
const freshIp = () => `198.18.1.${++ipCounter}`;

beforeEach(async () => {
  await db().delete(rateLimits);
});

/** Signs in through the login API in a browser with this User-Agent: its session token. */
async function signInAs(email: string, userAgent: string, password = TEST_PASSWORD): Promise<string> {
  const response = await sendJson('POST', '/api/auth/login', { email, password }, { ip: freshIp(), headers: { 'User-Agent': userAgent } });
  expect(response.status).toBe(200);
  return /session=([a-z2-7]{32})/.exec(response.headers.get('set-cookie') ?? '')![1]!;
}

const me = (token: string) => request('/api/auth/me', { headers: { Cookie: `session=${token}` } });

async function overview(token: string) {
  const response = await typedApi(() => ({ Cookie: `session=${token}` })).adminApi.account.$get();
  expect(response.status).toBe(200);
  return response.json();
}

const endedRows = (userId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'session.ended'), eq(auditLog.targetId, String(userId))))
    .orderBy(asc(auditLog.id));

describe('the list of sessions', () => {
  test('each session with its browser and system, created and last active; this browser marked; no token or stored id', async () => {
    const user = await createUserRow(db(), { role: 'admin' });
    const mac = await signInAs(user.email, AGENTS.chromeMac);
    const windows = await signInAs(user.email, AGENTS.firefoxWindows);
    const iphone = await signInAs(user.email, AGENTS.safariIphone);
    await signInAs(user.email, AGENTS.edgeWindows);
    await signInAs(user.email, AGENTS.chromeAndroid);

    const body = await overview(windows);
    expect(body.email).toBe(user.email);
    expect(body.sessions).toHaveLength(5);
    expect(body.sessions[0]).toMatchObject({ browser: 'Firefox 128', os: 'Windows', current: true });
    expect(body.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(body.sessions.map((session) => `${session.browser} on ${session.os}`).sort()).toEqual([
      'Chrome 126 on Android',
      'Chrome 126 on macOS',
      'Edge 126 on Windows',
      'Firefox 128 on Windows',
      'Safari 17 on iOS',
    ]);
    for (const session of body.sessions) {
      expect(Object.keys(session).sort()).toEqual(['browser', 'createdAt', 'current', 'id', 'lastActiveAt', 'os']);
      expect(session.id).toMatch(/^[0-9a-f]{16}$/);
      expect(Date.parse(session.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    const text = JSON.stringify(body);
    for (const token of [mac, windows, iphone]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(sessionIdOf(token));
    }
    // Another account's sessions are not listed.
    const other = await signedIn(db(), 'admin');
    expect((await overview(other.token)).sessions).toHaveLength(1);
  });

  test('the User-Agent is stored truncated to 512 characters; a missing one reads as unknown', async () => {
    const user = await createUserRow(db(), { role: 'admin' });
    const long = await signInAs(user.email, `${AGENTS.chromeMac} ${'x'.repeat(10_000)}`);
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(long)));
    expect(row!.userAgent).toHaveLength(512);
    const bare = await signedIn(db(), 'admin');
    const [listed] = (await overview(bare.token)).sessions;
    expect(listed).toMatchObject({ browser: 'Unknown browser', os: 'Unknown system', current: true });
  });

  test('last active is written at most once a minute, by one conditional update', async () => {
    const { token } = await signedIn(db(), 'admin');
    const id = sessionIdOf(token);
    await db().update(sessions).set({ lastActiveAt: sql`now() - interval '10 minutes'` }).where(eq(sessions.id, id));
    expect((await me(token)).status).toBe(200);
    const [moved] = await db().select().from(sessions).where(eq(sessions.id, id));
    expect(Date.now() - moved!.lastActiveAt.getTime()).toBeLessThan(30_000);
    await db().update(sessions).set({ lastActiveAt: sql`now() - interval '30 seconds'` }).where(eq(sessions.id, id));
    const [before] = await db().select().from(sessions).where(eq(sessions.id, id));
    expect((await me(token)).status).toBe(200);
    const [after] = await db().select().from(sessions).where(eq(sessions.id, id));
    expect(after!.lastActiveAt.getTime()).toBe(before!.lastActiveAt.getTime());
  });
});

describe('signing sessions out', () => {
  test("'Sign out' ends one other session at once; this browser's and another account's cannot be ended through it", async () => {
    const user = await createUserRow(db(), { role: 'admin' });
    const here = await signInAs(user.email, AGENTS.chromeMac);
    const there = await signInAs(user.email, AGENTS.firefoxWindows);
    const list = (await overview(here)).sessions;
    const target = list.find((session) => !session.current)!;
    const current = list.find((session) => session.current)!;

    const own = await sendJson('DELETE', `/api/admin/account/sessions/${current.id}`, {}, { headers: { Cookie: `session=${here}` } });
    expect(own.status).toBe(400);
    const stranger = await signedIn(db(), 'admin');
    const foreign = await sendJson('DELETE', `/api/admin/account/sessions/${target.id}`, {}, { headers: { Cookie: stranger.cookie } });
    expect(foreign.status).toBe(404);
    expect((await me(there)).status).toBe(200);
    expect((await sendJson('DELETE', '/api/admin/account/sessions/nothex', {}, { headers: { Cookie: `session=${here}` } })).status).toBe(
      404,
    );

    const ended = await sendJson('DELETE', `/api/admin/account/sessions/${target.id}`, {}, { headers: { Cookie: `session=${here}` } });
    expect(ended.status).toBe(204);
    expect((await me(there)).status).toBe(401);
    expect((await me(here)).status).toBe(200);
    expect((await endedRows(user.id)).map((row) => [row.details, row.actorId])).toEqual([[{ sessions: 1, reason: 'signed_out' }, user.id]]);
    const again = await sendJson('DELETE', `/api/admin/account/sessions/${target.id}`, {}, { headers: { Cookie: `session=${here}` } });
    expect(again.status).toBe(404);
  });

  test("'Sign out everywhere else' ends every other session of the account and keeps this one", async () => {
    const user = await createUserRow(db(), { role: 'admin' });
    const here = await signInAs(user.email, AGENTS.chromeMac);
    const others = [await signInAs(user.email, AGENTS.firefoxWindows), await signInAs(user.email, AGENTS.safariIphone)];
    const bystander = await signedIn(db(), 'admin');

    const response = await sendJson('POST', '/api/admin/account/sessions/sign-out-others', {}, { headers: { Cookie: `session=${here}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ended: 2 });
    for (const token of others) expect((await me(token)).status).toBe(401);
    expect((await me(here)).status).toBe(200);
    expect((await me(bystander.token)).status).toBe(200);
    expect((await overview(here)).sessions).toHaveLength(1);
    expect((await endedRows(user.id)).map((row) => row.details)).toEqual([{ sessions: 2, reason: 'signed_out_elsewhere' }]);
  });
});

describe('changes that end sessions', () => {
  test('a password changed by an admin ends every session of the user', async () => {
    const admin = await signedIn(db(), 'admin');
    const user = await createUserRow(db(), { role: 'admin' });
    const tokens = [await signInAs(user.email, AGENTS.chromeMac), await signInAs(user.email, AGENTS.firefoxWindows)];
    const response = await sendJson(
      'PATCH',
      `/api/auth/admin/users/${user.id}/password`,
      { password: 'Brand-New-Pass-7!' },
      { headers: { Cookie: admin.cookie } },
    );
    expect(response.status).toBe(204);
    for (const token of tokens) expect((await me(token)).status).toBe(401);
    expect((await me(admin.token)).status).toBe(200);
    expect((await endedRows(user.id)).map((row) => row.details)).toEqual([{ sessions: 2, reason: 'password_changed' }]);
  });

  test('your own password changed: every other session ends, and this browser gets a fresh one', async () => {
    const user = await createUserRow(db(), { role: 'admin' });
    const here = await signInAs(user.email, AGENTS.chromeMac);
    const there = await signInAs(user.email, AGENTS.firefoxWindows);
    const response = await sendJson(
      'PATCH',
      `/api/auth/admin/users/${user.id}/password`,
      { password: 'Brand-New-Pass-7!' },
      { headers: { Cookie: `session=${here}`, 'User-Agent': AGENTS.chromeMac } },
    );
    expect(response.status).toBe(204);
    const fresh = /session=([a-z2-7]{32})/.exec(response.headers.get('set-cookie') ?? '')![1]!;
    expect((await me(there)).status).toBe(401);
    expect((await me(here)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);
    expect((await overview(fresh)).sessions).toEqual([expect.objectContaining({ browser: 'Chrome 126', os: 'macOS', current: true })]);
  });

  test('the service ends them only when the change holds: an unknown user ends none, the user all', async () => {
    const user = await createUserRow(db(), { role: 'admin' });
    const token = await signInAs(user.email, AGENTS.chromeMac);
    await expect(setUserPassword(999_999, 'Brand-New-Pass-7!')).rejects.toThrow('User not found');
    expect((await me(token)).status).toBe(200);
    await setUserPassword(user.id, 'Brand-New-Pass-7!');
    expect((await me(token)).status).toBe(401);
  });

  test('a deleted user: every session ends, counted in the log', async () => {
    const admin = await signedIn(db(), 'admin');
    const user = await createUserRow(db(), { role: 'admin' });
    const tokens = [await signInAs(user.email, AGENTS.chromeMac), await signInAs(user.email, AGENTS.safariIphone)];
    const response = await sendJson('DELETE', `/api/auth/admin/users/${user.id}`, {}, { headers: { Cookie: admin.cookie } });
    expect(response.status).toBe(204);
    for (const token of tokens) expect((await me(token)).status).toBe(401);
    expect((await endedRows(user.id)).map((row) => row.details)).toEqual([{ sessions: 2, reason: 'user_deleted' }]);
  });

  test('a role taken away is refused at the next request: roles are read with the session, never cached', async () => {
    const user = await createUserRow(db(), { role: 'admin' });
    const token = await signInAs(user.email, AGENTS.chromeMac);
    expect((await request('/api/admin/account', { headers: { Cookie: `session=${token}` } })).status).toBe(200);
    await db().update(users).set({ role: 'user' }).where(eq(users.id, user.id));
    const refused = await request('/api/admin/account', { headers: { Cookie: `session=${token}` } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Admin privileges required' });
  });
});
