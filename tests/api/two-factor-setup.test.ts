// Issue 23: setting up two-factor sign-in (TOTP, RFC 6238) for an admin, through the real app and
// database: the secret, its URI and QR code, the confirming code, the hashed recovery codes, and the
// other sessions ended. Codes are computed with @oslojs/otp from the secret the setup answers, as an
// authenticator app would (tests/helpers/two-factor.ts).
import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, recoveryCodes, sessions, userTotp } from '#db/schema.ts';
import { signedIn, TEST_PASSWORD } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { account, accountApi, me, secretsInAudit, twoFactorSignIn } from '../helpers/two-factor.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { secrets, codeFor, auditRows } = twoFactorSignIn(db);

describe('setting up two-factor sign-in', () => {
  test('setup answers a secret, its otpauth URI and a QR code; a wrong code is refused; the right one turns it on with ten hashed recovery codes and ends the other sessions', async () => {
    const admin = await signedIn(db(), 'admin');
    const elsewhere = await signedIn(db(), 'admin');
    // A second session of the same account, as another browser would have.
    const [other] = await db().select().from(sessions).where(eq(sessions.userId, elsewhere.user.id));
    await db().update(sessions).set({ userId: admin.user.id }).where(eq(sessions.id, other!.id));

    const setup = await accountApi(admin.cookie)['two-factor'].setup.$post();
    expect(setup.status).toBe(200);
    const body = await setup.json();
    secrets.add(body.secret);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.uri).toStartWith('otpauth://totp/');
    expect(new URL(body.uri).searchParams.get('secret')).toBe(body.secret);
    expect(decodeURIComponent(body.uri)).toContain(admin.user.email);
    expect(body.qrCode).toStartWith('data:image/svg+xml;base64,');
    expect(Buffer.from(body.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // Not on until confirmed: the password alone still signs in.
    expect((await account(admin.cookie, 'POST', '/two-factor/setup')).status).toBe(200);
    const { secret } = await (await accountApi(admin.cookie)['two-factor'].setup.$post()).json();
    secrets.add(secret);
    expect(secret).not.toBe(body.secret);

    // The first secret's code: that setup was replaced.
    const wrong = await account(admin.cookie, 'POST', '/two-factor/confirm', { code: codeFor(body.secret) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: 'That code is not right. Enter the newest code your app shows.', field: 'code' });
    expect((await account(admin.cookie, 'POST', '/two-factor/confirm', { code: '12345' })).status).toBe(400);

    const confirmed = await accountApi(admin.cookie)['two-factor'].confirm.$post({
      json: { code: codeFor(secret).replace(/(\d{3})/, '$1 ') },
    });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes: codes } = await confirmed.json();
    for (const code of codes) secrets.add(code);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    const stored = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.some((code) => row.codeHash.includes(code.replaceAll('-', '')))).toBe(false);
    }
    const [totp] = await db().select().from(userTotp).where(eq(userTotp.userId, admin.user.id));
    expect(totp!.confirmedAt).not.toBeNull();
    expect(totp!.secret).toBe(secret);

    // Turning it on ends every other session of the account, at once; this one stays.
    expect((await me(admin.token)).status).toBe(200);
    expect(await db().select().from(sessions).where(eq(sessions.id, other!.id))).toEqual([]);
    expect(await auditRows('two_factor.enabled', admin.user.id)).toHaveLength(1);
    const [ended] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.ended'), eq(auditLog.targetId, String(admin.user.id))));
    expect(ended!.details).toEqual({ sessions: 1, reason: 'two_factor_enabled' });

    // Already on: no second setup.
    expect((await account(admin.cookie, 'POST', '/two-factor/setup')).status).toBe(409);
    const overview = await (await accountApi(admin.cookie).$get()).json();
    expect(overview.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });
});

test('no audit row holds a password, code, secret or token used in these tests', async () => {
  secrets.add(TEST_PASSWORD);
  const { rows, found } = await secretsInAudit(db(), secrets);
  expect(rows).toBeGreaterThan(0);
  expect(found).toEqual([]);
});
