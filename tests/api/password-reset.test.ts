import { beforeEach, describe, expect, spyOn, test } from 'bun:test';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, outboxEmails, passwordResetTokens, rateLimits, sessions } from '#db/schema.ts';
import { validateSessionToken } from '#server/auth/session.ts';
import { settleAfterAnswer } from '#server/jobs/after-answer.ts';
import { PASSWORD_UPPERCASE_MESSAGE } from '#src/schemas/password.ts';
import { RESET_REQUESTED } from '#src/schemas/password-reset.ts';
import { sendJson } from '../helpers/app.ts';
import { adminSession, createUserRow, TEST_PASSWORD } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;
const NEW_PASSWORD = 'Brand-New-Pass-7!';

beforeEach(async () => {
  await db().delete(outboxEmails);
  await db().delete(rateLimits);
});

const ask = (email: string, ip = freshIp()) => sendJson('POST', '/api/auth/password-reset', { email }, { ip });
const confirm = (body: Record<string, unknown>, ip = freshIp()) => sendJson('POST', '/api/auth/password-reset/confirm', body, { ip });

async function resetEmails(to?: string) {
  await settleAfterAnswer();
  const rows = await db().select().from(outboxEmails).where(eq(outboxEmails.kind, 'password_reset')).orderBy(asc(outboxEmails.id));
  return to ? rows.filter((row) => row.toAddress === to) : rows;
}

/** The token of the newest link sent to `email`, read from the email as its reader would. */
async function tokenSentTo(email: string) {
  const rows = await resetEmails(email);
  const link = rows.at(-1)?.text.match(/http:\/\/localhost:3000\/admin\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!link) throw new Error(`no reset link was sent to ${email}`);
  expect(rows.at(-1)!.html).toContain(`href="http://localhost:3000/admin/reset-password?token=${link[1]}"`);
  return link[1]!;
}

describe('POST /api/auth/password-reset', () => {
  test('a known and an unknown address get the same 202 and body; only the known one is sent a link', async () => {
    const user = await createUserRow(db());
    const known = await ask(user.email.toUpperCase());
    const unknown = await ask('nobody@example.com');
    for (const response of [known, unknown]) {
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ message: RESET_REQUESTED });
    }
    const rows = await resetEmails();
    expect(rows.map((row) => row.toAddress)).toEqual([user.email]);
    expect(rows[0]!.subject).toBe('Reset your Summit Leadership Coaching password');
  });

  test('the token is stored only as its hash, for 30 minutes', async () => {
    const user = await createUserRow(db());
    await ask(user.email);
    const token = await tokenSentTo(user.email);
    const [row] = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
  });

  test('a bad address is 400 naming the field; an unknown field is refused', async () => {
    const response = await ask('not an email');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Please enter a valid email address', field: 'email' });
    expect((await sendJson('POST', '/api/auth/password-reset', { email: 'a@example.com', role: 'admin' })).status).toBe(400);
    expect(await resetEmails()).toEqual([]);
  });

  test('rate limits: 3 an hour per address (from any IP), 5 an hour per IP (for any address), the same for unknown addresses', async () => {
    for (let i = 0; i < 3; i++) expect((await ask('someone@example.com')).status).toBe(202);
    const limited = await ask('someone@example.com');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Too many reset requests. Try again in 60 minutes.' });
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await ask(`person${i}@example.com`, ip)).status).toBe(202);
    expect((await ask('person9@example.com', ip)).status).toBe(429);
  });
});

describe('POST /api/auth/password-reset/confirm', () => {
  test('sets the password under the password rules, ends every session, signs in, and the link works once', async () => {
    const user = await createUserRow(db());
    await db()
      .insert(sessions)
      .values({ id: 'old-session-hash', userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
    await ask(user.email);
    const token = await tokenSentTo(user.email);

    const weak = await confirm({ token, password: 'lowercase-only-1!' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({ message: PASSWORD_UPPERCASE_MESSAGE, field: 'password' });

    const done = await confirm({ token, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect((await done.json()).user.email).toBe(user.email);
    const cookie = done.headers.get('set-cookie') ?? '';
    const sessionToken = cookie.match(/session=([^;]+)/)?.[1];
    expect(sessionToken).toBeDefined();
    expect((await validateSessionToken(sessionToken!))?.user.id).toBe(user.id);
    // Only the new session is left.
    expect((await db().select().from(sessions).where(eq(sessions.userId, user.id))).map((row) => row.id)).not.toContain('old-session-hash');
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    const login = await sendJson('POST', '/api/auth/login', { email: user.email, password: NEW_PASSWORD }, { ip: freshIp() });
    expect(login.status).toBe(200);
    const oldLogin = await sendJson('POST', '/api/auth/login', { email: user.email, password: TEST_PASSWORD }, { ip: freshIp() });
    expect(oldLogin.status).toBe(401);

    const again = await confirm({ token, password: 'Another-Pass-8!' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: 'This reset link has already been used. Ask for a new one.' });
  });

  test('using one link ends the others sent before it', async () => {
    const user = await createUserRow(db());
    await ask(user.email);
    const first = await tokenSentTo(user.email);
    await ask(user.email);
    const second = await tokenSentTo(user.email);
    expect(second).not.toBe(first);
    expect((await confirm({ token: second, password: NEW_PASSWORD })).status).toBe(200);
    expect(await (await confirm({ token: first, password: NEW_PASSWORD })).json()).toEqual({
      message: 'This reset link has already been used. Ask for a new one.',
    });
  });

  const expectRefused = refusalChecker(async () => ({
    tokens: await db().select().from(passwordResetTokens).orderBy(asc(passwordResetTokens.id)),
    sessions: await db().select().from(sessions).orderBy(asc(sessions.id)),
  }));

  test('an expired, a tampered and an unknown token are refused, and nothing changes', async () => {
    const user = await createUserRow(db());
    await ask(user.email);
    const token = await tokenSentTo(user.email);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    await expectRefused(() => confirm({ token: tampered, password: NEW_PASSWORD }), 400, {
      message: 'This reset link is not valid. Ask for a new one.',
    });
    await expectRefused(() => confirm({ token: 'x'.repeat(43), password: NEW_PASSWORD }), 400, {
      message: 'This reset link is not valid. Ask for a new one.',
    });
    await expectRefused(() => confirm({ token: '', password: NEW_PASSWORD }), 400, {
      message: 'The reset link is incomplete',
      field: 'token',
    });
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(passwordResetTokens.userId, user.id)));
    await expectRefused(() => confirm({ token, password: NEW_PASSWORD }), 400, {
      message: 'This reset link has expired. Ask for a new one.',
    });
  });
});

describe('POST /api/auth/password-reset/confirm: cost and limits (issue 33 §4)', () => {
  test('an unknown, a used and an expired link are refused before the new password is hashed', async () => {
    const user = await createUserRow(db());
    await ask(user.email);
    const token = await tokenSentTo(user.email);
    const hash = spyOn(Bun.password, 'hash');
    try {
      expect((await confirm({ token: 'x'.repeat(43), password: NEW_PASSWORD })).status).toBe(400);
      expect(hash).not.toHaveBeenCalled();
      expect((await confirm({ token, password: NEW_PASSWORD })).status).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
      hash.mockClear();
      expect(await (await confirm({ token, password: NEW_PASSWORD })).json()).toEqual({
        message: 'This reset link has already been used. Ask for a new one.',
      });
      await ask(user.email);
      const late = await tokenSentTo(user.email);
      await db()
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResetTokens.userId, user.id));
      expect(await (await confirm({ token: late, password: NEW_PASSWORD })).json()).toEqual({
        message: 'This reset link has expired. Ask for a new one.',
      });
      expect(hash).not.toHaveBeenCalled();
    } finally {
      hash.mockRestore();
    }
  });

  test('10 tries in 15 minutes per network: the 11th is 429 with a wait, even with a good link; another network is not held', async () => {
    const user = await createUserRow(db());
    await ask(user.email);
    const token = await tokenSentTo(user.email);
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect((await confirm({ token: `guess-${i}`.padEnd(43, 'x'), password: NEW_PASSWORD }, ip)).status).toBe(400);
    const hash = spyOn(Bun.password, 'hash');
    try {
      const limited = await confirm({ token, password: NEW_PASSWORD }, ip);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(await limited.json()).toEqual({ message: 'Too many attempts with reset links. Try again in 15 minutes.' });
      expect(hash).not.toHaveBeenCalled();
    } finally {
      hash.mockRestore();
    }
    // The link was not spent by the refused try: it still works from elsewhere.
    expect((await confirm({ token, password: NEW_PASSWORD })).status).toBe(200);
  });

  test('a completed reset is in the audit log: by the account, from its address, with no password or token', async () => {
    const user = await createUserRow(db());
    await ask(user.email);
    const token = await tokenSentTo(user.email);
    const ip = freshIp();
    expect((await confirm({ token: 'y'.repeat(43), password: NEW_PASSWORD }, ip)).status).toBe(400);
    const before = await db().select().from(auditLog).where(eq(auditLog.action, 'user.password_reset'));
    expect(before.filter((row) => row.targetId === String(user.id))).toEqual([]);
    expect((await confirm({ token, password: NEW_PASSWORD }, ip)).status).toBe(200);
    const rows = (await db().select().from(auditLog).where(eq(auditLog.action, 'user.password_reset'))).filter(
      (row) => row.targetId === String(user.id),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: user.id,
        actorEmail: user.email,
        action: 'user.password_reset',
        targetType: 'user',
        targetId: String(user.id),
        details: { email: user.email },
        ipAddress: ip,
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
  });
});

describe('notices', () => {
  test("an admin changing a user's password queues a notice to that user's address", async () => {
    const user = await createUserRow(db());
    const response = await sendJson(
      'PATCH',
      `/api/auth/admin/users/${user.id}/password`,
      { password: NEW_PASSWORD },
      { headers: admin.headers() },
    );
    expect(response.status).toBe(204);
    const rows = await db().select().from(outboxEmails).where(eq(outboxEmails.kind, 'password_changed'));
    expect(rows.map((row) => [row.toAddress, row.subject])).toEqual([[user.email, 'Your Summit Leadership Coaching password was changed']]);
    expect(rows[0]!.text).toContain('An administrator changed the password of your account');
  });
});
