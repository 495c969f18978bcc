// Issue 23, through the real app and database: a new device signing in is news for an account that
// signed in before, and a password reset on an account with two-factor sign-in still asks for the
// second factor (tests/helpers/two-factor.ts).
import { describe, expect, test } from 'bun:test';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq } from 'drizzle-orm';
import { auditLog, passwordResetTokens } from '#db/schema.ts';
import { typedApi } from '../helpers/api.ts';
import { createUserRow, TEST_PASSWORD } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { cookieValue, me, secretsInAudit, setCookieOf, twoFactorSignIn } from '../helpers/two-factor.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { freshIp, secrets, login, auditRows, emailsTo, adminWithTwoFactor } = twoFactorSignIn(db);

describe('a new device signing in', () => {
  test("a browser without the account's device cookie that signs in is news for an account that signed in before; the first sign-in and a known browser are not", async () => {
    const user = await createUserRow(db(), { role: 'admin' });
    const first = await login(user.email);
    expect(first.status).toBe(200);
    expect(await emailsTo(user.email, 'new_device_sign_in')).toEqual([]);
    const device = cookieValue(first, 'device')!;

    expect((await login(user.email, TEST_PASSWORD, `device=${device}`)).status).toBe(200);
    expect(await emailsTo(user.email, 'new_device_sign_in')).toEqual([]);

    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
    expect((await login(user.email, TEST_PASSWORD, undefined, firefox)).status).toBe(200);
    const emails = await emailsTo(user.email, 'new_device_sign_in');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('New sign-in to your Summit Leadership Coaching account');
    expect(emails[0]!.text).toContain('Firefox 128 on Windows, from the address 198.18.0.');
    const details = (await auditRows('sign_in.succeeded', user.id)).map((row) => row.details);
    expect(details).toEqual([
      { method: 'password', newDevice: true },
      { method: 'password', newDevice: false },
      { method: 'password', newDevice: true },
    ]);
  });
});

describe('a password reset', () => {
  test('on an account with two-factor sign-in, the link sets the password but does not sign in: the second factor is still asked', async () => {
    const admin = await adminWithTwoFactor();
    const token = 'reset-token-for-the-two-factor-test-0123456789';
    await db()
      .insert(passwordResetTokens)
      .values({
        userId: admin.user.id,
        tokenHash: encodeHexLowerCase(sha256(new TextEncoder().encode(token))),
        expiresAt: new Date(Date.now() + 60_000),
      });
    const confirmed = await typedApi(undefined, freshIp()).publicApi.auth['password-reset'].confirm.$post({
      json: { token, password: 'Brand-New-Pass-7!' },
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ twoFactorRequired: true });
    expect(setCookieOf(confirmed, 'session')).toBeUndefined();
    expect((await me(admin.token)).status).toBe(401);
    const ended = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.ended'), eq(auditLog.targetId, String(admin.user.id))));
    expect(ended.at(-1)!.details).toEqual({ sessions: 1, reason: 'password_reset' });
    secrets.add('Brand-New-Pass-7!');
    secrets.add(token);
  });
});

test('no audit row holds a password, code, secret or token used in these tests', async () => {
  secrets.add(TEST_PASSWORD);
  const { rows, found } = await secretsInAudit(db(), secrets);
  expect(rows).toBeGreaterThan(0);
  expect(found).toEqual([]);
});
