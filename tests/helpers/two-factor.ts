// Two-factor sign-in as its tests drive it (tests/api/two-factor.test.ts, two-factor-sign-in.test.ts):
// codes computed with @oslojs/otp from the secret the setup answers, as an authenticator app would;
// the password and second steps of a sign-in; the account API; an admin with two factors on; the
// audit rows and emails they leave; and every secret value a test used.
import { beforeEach, expect } from 'bun:test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { auditLog, type EmailKind, outboxEmails, rateLimits, type users, userTotp } from '#db/schema.ts';
import { typedApi } from './api.ts';
import { request, sendJson } from './app.ts';
import { signedIn, TEST_PASSWORD } from './auth.ts';

export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** A raw Response or a typed client's answer: either has the headers. */
type Answer = { headers: Headers };

export const cookieValue = (response: Answer, name: string) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1);

export const setCookieOf = (response: Answer, name: string) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));

export const stepNow = () => Math.floor(Date.now() / 30_000);

export const asCookie = (parts: Record<string, string | undefined>) =>
  Object.entries(parts)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

export const me = (sessionToken: string) => request('/api/auth/me', { headers: { Cookie: `session=${sessionToken}` } });

export const account = (cookie: string, method: 'POST' | 'PUT', path: string, body: unknown = {}) =>
  sendJson(method, `/api/admin/account${path}`, body, { headers: { Cookie: cookie } });

/** The account API (typed) of the browser holding `cookie`. */
export const accountApi = (cookie: string) => typedApi(() => ({ Cookie: cookie })).adminApi.account;

/**
 * The sign-in steps, codes and reads of the calling file's database `db`, with the file's own set of
 * `secrets` and client addresses. Before each test, the rate limits and the outbox are emptied.
 */
export function twoFactorSignIn(db: () => Database) {
  let ipCounter = 0;
  const freshIp = () => `198.18.0.${++ipCounter}`;

  /** Every secret value a test used: none may appear in the audit log (checked at the end). */
  const secrets = new Set<string>();

  beforeEach(async () => {
    await db().delete(rateLimits);
    await db().delete(outboxEmails);
  });

  /** The code an authenticator app shows for `secret` at `step` (now by default). */
  function codeFor(secret: string, step = stepNow()) {
    const code = generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
    secrets.add(code);
    return code;
  }

  const login = (email: string, password = TEST_PASSWORD, cookie?: string, userAgent = CHROME_MAC) =>
    sendJson(
      'POST',
      '/api/auth/login',
      { email, password },
      { ip: freshIp(), headers: { 'User-Agent': userAgent, ...(cookie ? { Cookie: cookie } : {}) } },
    );

  const secondFactor = (body: unknown, challenge?: string, extra: Record<string, string> = {}) =>
    sendJson('POST', '/api/auth/login/second-factor', body, {
      ip: freshIp(),
      headers: { 'User-Agent': CHROME_MAC, ...(challenge ? { Cookie: asCookie({ login_challenge: challenge, ...extra }) } : {}) },
    });

  const auditRows = (action: string, actorId?: number) =>
    db()
      .select()
      .from(auditLog)
      .where(actorId === undefined ? eq(auditLog.action, action) : and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)))
      .orderBy(asc(auditLog.id));

  const emailsTo = (to: string, kind: EmailKind) =>
    db()
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, kind)))
      .orderBy(asc(outboxEmails.id));

  /** An admin with two-factor sign-in confirmed: its secret, recovery codes and the session it set it up in. */
  async function adminWithTwoFactor(overrides: Partial<typeof users.$inferInsert> = {}) {
    const admin = await signedIn(db(), 'admin', overrides);
    secrets.add(admin.token);
    const setup = await accountApi(admin.cookie)['two-factor'].setup.$post();
    expect(setup.status).toBe(200);
    const { secret } = await setup.json();
    secrets.add(secret);
    const confirmed = await accountApi(admin.cookie)['two-factor'].confirm.$post({ json: { code: codeFor(secret) } });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes: codes } = await confirmed.json();
    for (const code of codes) secrets.add(code);
    return { ...admin, secret, codes };
  }

  /** The password step of an account with two-factor sign-in: the challenge token from its cookie. */
  async function passwordStep(email: string, cookie?: string) {
    const response = await login(email, TEST_PASSWORD, cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ twoFactorRequired: true });
    const challenge = cookieValue(response, 'login_challenge')!;
    secrets.add(challenge);
    return challenge;
  }

  /** Lets the next code be the current step's again (the last accepted step is forgotten). */
  const forgetLastStep = (userId: number) => db().update(userTotp).set({ lastUsedStep: null }).where(eq(userTotp.userId, userId));

  return { freshIp, secrets, codeFor, login, secondFactor, auditRows, emailsTo, adminWithTwoFactor, passwordStep, forgetLastStep };
}

/**
 * The audit log's rows as text, and which of `secrets` (or a password, code, secret or token
 * with its dashes dropped) any of them holds: none may (docs/security.md "Audit log").
 */
export async function secretsInAudit(db: Database, secrets: Set<string>) {
  const rows = await db
    .select({
      details: sql<string>`${auditLog.details}::text`,
      email: auditLog.actorEmail,
      target: auditLog.targetId,
      ip: auditLog.ipAddress,
    })
    .from(auditLog);
  const text = rows.map((row) => `${row.details} ${row.email} ${row.target} ${row.ip}`).join('\n');
  return { rows: rows.length, found: [...secrets].filter((secret) => text.includes(secret) || text.includes(secret.replaceAll('-', ''))) };
}
