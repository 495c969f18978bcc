// Issue 23: two-factor sign-in (TOTP, RFC 6238) for admins, through the real app and database: signing
// in with two factors, turning it off and making new recovery codes, the owner requiring it of every
// admin, and no secret in the audit log. Setting it up is in two-factor-setup.test.ts; a new device
// signing in and a password reset in two-factor-device-and-reset.test.ts. Codes are computed with
// @oslojs/otp from the secret the setup answers, as an authenticator app would (tests/helpers/two-factor.ts).
import { describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { auditLog, loginChallenges, rateLimits, recoveryCodes, sessions, siteSettings, users, userTotp } from '#db/schema.ts';
import { sessionIdOf } from '#server/auth/session.ts';
import { TWO_FACTOR_SETUP_REQUIRED } from '#src/schemas/account.ts';
import { typedApi } from '../helpers/api.ts';
import { request } from '../helpers/app.ts';
import { signedIn, TEST_PASSWORD } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import {
  account,
  accountApi,
  asCookie,
  CHROME_MAC,
  cookieValue,
  me,
  secretsInAudit,
  setCookieOf,
  stepNow,
  twoFactorSignIn,
} from '../helpers/two-factor.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { freshIp, secrets, codeFor, login, secondFactor, auditRows, emailsTo, adminWithTwoFactor, passwordStep, forgetLastStep } =
  twoFactorSignIn(db);

describe('signing in with two factors', () => {
  test('the right password answers twoFactorRequired with a challenge cookie and no session; the code then signs in', async () => {
    const admin = await adminWithTwoFactor();
    await forgetLastStep(admin.user.id);
    const response = await login(admin.user.email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ twoFactorRequired: true });
    expect(setCookieOf(response, 'session')).toBeUndefined();
    expect(setCookieOf(response, 'device')).toBeUndefined();
    const cookie = setCookieOf(response, 'login_challenge')!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/auth');
    expect(cookie).toContain('Max-Age=300');
    const challenge = cookieValue(response, 'login_challenge')!;
    secrets.add(challenge);
    expect(challenge).toMatch(/^[a-z2-7]{32}$/);
    const [row] = await db().select().from(loginChallenges).where(eq(loginChallenges.userId, admin.user.id));
    expect(row!.id).toBe(sessionIdOf(challenge));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 1_000);

    const signedIn = await typedApi(
      () => ({ 'User-Agent': CHROME_MAC, Cookie: asCookie({ login_challenge: challenge }) }),
      freshIp(),
    ).publicApi.auth.login['second-factor'].$post({ json: { code: codeFor(admin.secret) } });
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).user.email).toBe(admin.user.email);
    const token = cookieValue(signedIn, 'session')!;
    secrets.add(token);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(setCookieOf(signedIn, 'login_challenge')).toMatch(/^login_challenge=; Max-Age=0; /);
    expect(setCookieOf(signedIn, 'device')).toBeDefined();
    expect((await me(token)).status).toBe(200);
    expect(await db().select().from(loginChallenges).where(eq(loginChallenges.userId, admin.user.id))).toEqual([]);
    const [stored] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(token)));
    expect(stored!.userAgent).toBe(CHROME_MAC);

    const succeeded = await auditRows('sign_in.succeeded', admin.user.id);
    expect(succeeded.at(-1)!.details).toEqual({ method: 'totp', newDevice: true });
    expect(succeeded.at(-1)!.actorEmail).toBe(admin.user.email);

    // The challenge was spent: the same cookie cannot sign in twice.
    const again = await secondFactor({ code: codeFor(admin.secret, stepNow() + 1) }, challenge);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ message: 'Your sign-in has expired. Please sign in again.' });
  });

  test('a code is accepted once: the same code twice is refused, a later step (clock drift) is accepted, an earlier one is not', async () => {
    const admin = await adminWithTwoFactor();
    await forgetLastStep(admin.user.id);
    const code = codeFor(admin.secret);
    expect((await secondFactor({ code }, await passwordStep(admin.user.email))).status).toBe(200);
    const reused = await secondFactor({ code }, await passwordStep(admin.user.email));
    expect(reused.status).toBe(401);
    expect(await reused.json()).toEqual({ message: 'Invalid code. Please try again.' });
    // One step ahead (the phone's clock a little fast) is accepted; the step before it no longer is.
    expect((await secondFactor({ code: codeFor(admin.secret, stepNow() + 1) }, await passwordStep(admin.user.email))).status).toBe(200);
    expect((await secondFactor({ code: codeFor(admin.secret, stepNow() - 1) }, await passwordStep(admin.user.email))).status).toBe(401);
    // Two steps away is too far whatever was used before.
    await forgetLastStep(admin.user.id);
    expect((await secondFactor({ code: codeFor(admin.secret, stepNow() + 3) }, await passwordStep(admin.user.email))).status).toBe(401);
    const failed = await auditRows('sign_in.second_factor_failed', admin.user.id);
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(failed[0]!.details).toMatchObject({ method: 'totp' });
  });

  test('wrong codes: five per challenge, then it is gone; five per account in 15 minutes, then 429 even for the right code', async () => {
    const admin = await adminWithTwoFactor();
    await forgetLastStep(admin.user.id);
    const challenge = await passwordStep(admin.user.email);
    const answers: Array<[number, string]> = [];
    for (let i = 0; i < 5; i++) {
      const response = await secondFactor({ code: '000000' }, challenge);
      answers.push([response.status, (await response.json()).message]);
      if (i === 4) expect(setCookieOf(response, 'login_challenge')).toMatch(/Max-Age=0/);
    }
    expect(answers).toEqual([
      [401, 'Invalid code. Please try again.'],
      [401, 'Invalid code. Please try again.'],
      [401, 'Invalid code. Please try again.'],
      [401, 'Invalid code. Please try again.'],
      [401, 'Too many wrong codes. Please sign in again.'],
    ]);
    expect(await db().select().from(loginChallenges).where(eq(loginChallenges.userId, admin.user.id))).toEqual([]);
    expect((await secondFactor({ code: codeFor(admin.secret) }, challenge)).status).toBe(401);

    // A fresh challenge does not reset the account's count: the right code now waits.
    const fresh = await passwordStep(admin.user.email);
    const limited = await secondFactor({ code: codeFor(admin.secret) }, fresh);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await limited.json()).toEqual({ message: 'Too many wrong codes. Try again in 15 minutes.' });
    expect(await auditRows('sign_in.second_factor_failed', admin.user.id)).toHaveLength(5);

    // Once the window has passed (the count forgotten), the right code signs in.
    await db().delete(rateLimits);
    expect((await secondFactor({ code: codeFor(admin.secret) }, fresh)).status).toBe(200);
  });

  test('a recovery code signs in once, whatever its case and hyphens; the account is told by email and the log records it', async () => {
    const admin = await adminWithTwoFactor();
    const [first, second] = admin.codes as [string, string];
    const used = await secondFactor(
      { recoveryCode: ` ${first.toUpperCase().replaceAll('-', ' ')} ` },
      await passwordStep(admin.user.email),
    );
    expect(used.status).toBe(200);
    secrets.add(cookieValue(used, 'session')!);
    const again = await secondFactor({ recoveryCode: first }, await passwordStep(admin.user.email));
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ message: 'Invalid recovery code. Please try again.' });
    expect((await secondFactor({ recoveryCode: second }, await passwordStep(admin.user.email))).status).toBe(200);

    const rows = await auditRows('sign_in.recovery_code_used', admin.user.id);
    expect(rows.map((row) => row.details)).toEqual([{ codesLeft: 9 }, { codesLeft: 8 }]);
    expect(
      (await auditRows('sign_in.succeeded', admin.user.id)).slice(-2).map((row) => (row.details as { method: string }).method),
    ).toEqual(['recovery_code', 'recovery_code']);
    const emails = await emailsTo(admin.user.email, 'recovery_code_used');
    expect(emails).toHaveLength(2);
    expect(emails[0]!.subject).toBe('A recovery code was used to sign in to Summit Leadership Coaching');
    expect(emails[0]!.text).toContain('You have 9 recovery codes left.');
    expect(emails[1]!.text).toContain('You have 8 recovery codes left.');
    for (const email of emails) for (const code of admin.codes) expect(email.text + email.html).not.toContain(code);
  });

  test('a challenge expires after 5 minutes; without its cookie the second step is refused', async () => {
    const admin = await adminWithTwoFactor();
    await forgetLastStep(admin.user.id);
    const challenge = await passwordStep(admin.user.email);
    await db()
      .update(loginChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginChallenges.id, sessionIdOf(challenge)));
    const expired = await secondFactor({ code: codeFor(admin.secret) }, challenge);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: 'Your sign-in has expired. Please sign in again.' });
    expect(setCookieOf(expired, 'login_challenge')).toMatch(/^login_challenge=; Max-Age=0; /);
    expect(setCookieOf(expired, 'session')).toBeUndefined();

    const none = await secondFactor({ code: codeFor(admin.secret) });
    expect(none.status).toBe(401);
    expect((await secondFactor({ code: codeFor(admin.secret) }, 'forged-token')).status).toBe(401);
    expect((await secondFactor({ code: codeFor(admin.secret) }, 'abcdefghijklmnopqrstuvwxyz234567')).status).toBe(401);
    // Neither or both kinds of code: a 400 naming the field.
    expect((await secondFactor({}, challenge)).status).toBe(400);
    expect((await secondFactor({ code: '123456', recoveryCode: 'x' }, challenge)).status).toBe(400);
  });

  test("a sign-in replaces the browser's previous session once the second step is done", async () => {
    const admin = await adminWithTwoFactor();
    await forgetLastStep(admin.user.id);
    const challenge = await passwordStep(admin.user.email, `session=${admin.token}`);
    // Between the steps the old session still stands.
    expect((await me(admin.token)).status).toBe(200);
    const done = await secondFactor({ code: codeFor(admin.secret) }, challenge, { session: admin.token });
    expect(done.status).toBe(200);
    expect((await me(admin.token)).status).toBe(401);
  });
});

describe('turning two-factor sign-in off and making new recovery codes', () => {
  test('turning it off needs the current password (or a code), ends the other sessions and emails the account', async () => {
    const admin = await adminWithTwoFactor();
    const none = await account(admin.cookie, 'POST', '/two-factor/disable', {});
    expect(none.status).toBe(400);
    const wrong = await account(admin.cookie, 'POST', '/two-factor/disable', { password: 'Wrong-Passw0rd!' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: 'That password or code is not right', field: 'password' });
    expect(await db().select().from(userTotp).where(eq(userTotp.userId, admin.user.id))).toHaveLength(1);

    // A second session, signed in with two factors.
    await forgetLastStep(admin.user.id);
    const second = await secondFactor({ code: codeFor(admin.secret) }, await passwordStep(admin.user.email));
    const secondToken = cookieValue(second, 'session')!;
    secrets.add(secondToken);

    const off = await account(admin.cookie, 'POST', '/two-factor/disable', { password: TEST_PASSWORD });
    expect(off.status).toBe(204);
    expect(await db().select().from(userTotp).where(eq(userTotp.userId, admin.user.id))).toEqual([]);
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.user.id))).toEqual([]);
    expect((await me(admin.token)).status).toBe(200);
    expect((await me(secondToken)).status).toBe(401);
    const emails = await emailsTo(admin.user.email, 'two_factor_disabled');
    expect(emails.map((email) => email.subject)).toEqual(['Two-factor sign-in was turned off for your Summit Leadership Coaching account']);
    const [disabled] = await auditRows('two_factor.disabled', admin.user.id);
    expect(disabled!.details).toEqual({ confirmedWith: 'password' });
    // The password alone signs in again.
    const plain = await login(admin.user.email);
    expect(plain.status).toBe(200);
    expect(cookieValue(plain, 'session')).toMatch(/^[a-z2-7]{32}$/);
    expect((await account(admin.cookie, 'POST', '/two-factor/disable', { password: TEST_PASSWORD })).status).toBe(409);
  });

  test('a code from the app turns it off too; wrong passwords or codes are limited like sign-ins', async () => {
    const admin = await adminWithTwoFactor();
    for (let i = 0; i < 5; i++) expect((await account(admin.cookie, 'POST', '/two-factor/disable', { code: '000000' })).status).toBe(400);
    const limited = await account(admin.cookie, 'POST', '/two-factor/disable', { password: TEST_PASSWORD });
    expect(limited.status).toBe(429);
    await db().delete(rateLimits);
    await forgetLastStep(admin.user.id);
    const off = await account(admin.cookie, 'POST', '/two-factor/disable', { code: codeFor(admin.secret) });
    expect(off.status).toBe(204);
    const [disabled] = await auditRows('two_factor.disabled', admin.user.id);
    expect(disabled!.details).toEqual({ confirmedWith: 'code' });
  });

  test('new recovery codes replace the old ones, shown once', async () => {
    const admin = await adminWithTwoFactor();
    const refused = await account(admin.cookie, 'POST', '/two-factor/recovery-codes', { password: 'Wrong-Passw0rd!' });
    expect(refused.status).toBe(400);
    const made = await accountApi(admin.cookie)['two-factor']['recovery-codes'].$post({ json: { password: TEST_PASSWORD } });
    expect(made.status).toBe(200);
    const { recoveryCodes: fresh } = await made.json();
    for (const code of fresh) secrets.add(code);
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => admin.codes.includes(code))).toBe(false);
    expect((await secondFactor({ recoveryCode: admin.codes[0] }, await passwordStep(admin.user.email))).status).toBe(401);
    expect((await secondFactor({ recoveryCode: fresh[0] }, await passwordStep(admin.user.email))).status).toBe(200);
  });
});

describe('the owner requires two factors for every admin', () => {
  test('only the owner, once their own is on; an admin without it is refused every admin call but the account API until set up', async () => {
    const owner = await signedIn(db(), 'admin', { isOwner: false });
    await db().update(users).set({ isOwner: false }).where(eq(users.isOwner, true));
    await db().update(users).set({ isOwner: true }).where(eq(users.id, owner.user.id));
    const other = await signedIn(db(), 'admin');

    const notOwner = await account(other.cookie, 'PUT', '/require-two-factor', { required: true });
    expect(notOwner.status).toBe(403);
    expect(await notOwner.json()).toEqual({ message: 'Only the owner can change this' });
    const first = await account(owner.cookie, 'PUT', '/require-two-factor', { required: true });
    expect(first.status).toBe(409);
    expect(await first.json()).toEqual({ message: 'Turn on two-factor sign-in for your own account first' });

    const setup = await (await accountApi(owner.cookie)['two-factor'].setup.$post()).json();
    secrets.add(setup.secret);
    expect((await account(owner.cookie, 'POST', '/two-factor/confirm', { code: codeFor(setup.secret) })).status).toBe(200);
    const on = await account(owner.cookie, 'PUT', '/require-two-factor', { required: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ requireTwoFactor: true });
    const [setting] = await db().select().from(siteSettings).where(eq(siteSettings.key, 'requireTwoFactor'));
    expect(setting!.value).toBe(true);
    const changed = await auditRows('settings.changed', owner.user.id);
    expect(changed.at(-1)!.details).toEqual({ requireTwoFactor: { from: false, to: true } });

    // The other admin, at once and without signing in again: refused everywhere but the account API.
    const posts = await request('/api/admin/blog-posts', { headers: { Cookie: other.cookie } });
    expect(posts.status).toBe(403);
    expect(await posts.json()).toEqual({ message: TWO_FACTOR_SETUP_REQUIRED });
    expect((await request('/api/auth/admin/users', { headers: { Cookie: other.cookie } })).status).toBe(403);
    expect((await request('/api/admin/account', { headers: { Cookie: other.cookie } })).status).toBe(200);
    expect((await me(other.token)).status).toBe(200);
    // The owner (with it on) is not held.
    expect((await request('/api/admin/blog-posts', { headers: { Cookie: owner.cookie } })).status).toBe(200);
    // While required, it cannot be turned off.
    const keep = await account(owner.cookie, 'POST', '/two-factor/disable', { password: TEST_PASSWORD });
    expect(keep.status).toBe(409);

    // Set up, the admin is let through.
    const otherSetup = await (await accountApi(other.cookie)['two-factor'].setup.$post()).json();
    secrets.add(otherSetup.secret);
    expect((await account(other.cookie, 'POST', '/two-factor/confirm', { code: codeFor(otherSetup.secret) })).status).toBe(200);
    expect((await request('/api/admin/blog-posts', { headers: { Cookie: other.cookie } })).status).toBe(200);

    expect((await account(owner.cookie, 'PUT', '/require-two-factor', { required: false })).status).toBe(200);
    expect((await account(owner.cookie, 'PUT', '/require-two-factor', { required: 'yes' })).status).toBe(400);
  });
});

test('no audit row holds a password, code, secret or token used in these tests', async () => {
  secrets.add(TEST_PASSWORD);
  secrets.add('Wrong-Passw0rd!');
  const { rows, found } = await secretsInAudit(db(), secrets);
  expect(rows).toBeGreaterThan(20);
  expect(found).toEqual([]);
  // Every action of this file was recorded.
  const actions = new Set((await db().select({ action: auditLog.action }).from(auditLog)).map((row) => row.action));
  for (const action of [
    'sign_in.succeeded',
    'sign_in.second_factor_failed',
    'sign_in.recovery_code_used',
    'two_factor.enabled',
    'two_factor.disabled',
    'session.ended',
    'settings.changed',
  ]) {
    expect(actions).toContain(action);
  }
});
