import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, count, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { auditLog, loginChallenges, recoveryCodes, sessions, users } from '#db/schema.ts';
import type { SecondFactorInput } from '#src/schemas/account.ts';
import { createSession } from '../auth/session.ts';
import { recoveryCodeHash } from '../auth/totp.ts';
import { database } from '../db.ts';
import { HttpError } from '../errors.ts';
import { describeUserAgent } from '../http/user-agent.ts';
import { newDeviceSignInEmail, recoveryCodeUsedEmail } from '../mail/account-templates.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { recordAudit, recordAuditNow } from './audit.ts';
import { LOGIN_LIMIT, LOGIN_WINDOW_MS } from './auth.ts';
import { hitRateLimit, RateLimitedError, releaseRateLimit } from './rate-limits.ts';
import { currentSettings, mailBrand } from './settings.ts';
import { spendTotpCode } from './two-factor.ts';

// Signing in (docs/security.md#two-factor-sign-in): the session a sign-in opens, with its audit row
// and the new-device email in one transaction; and the second step of an account with two-factor
// sign-in, reached through a login challenge: a random token in a short-lived cookie, only its
// SHA-256 stored, valid 5 minutes and 5 codes.

export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_ATTEMPTS = 5;
export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';
export const CHALLENGE_SPENT = 'Too many wrong codes. Please sign in again.';
export const INVALID_CODE = 'Invalid code. Please try again.';
export const INVALID_RECOVERY_CODE = 'Invalid recovery code. Please try again.';
export const tooManyCodes = (minutes: number) => `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export type SignInMethod = 'password' | 'totp' | 'recovery_code';

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;
const challengeIdOf = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/** What the request tells about the browser signing in. */
export interface SignInContext {
  /** The browser carried no device cookie for this account (server/auth/device-cookie.ts). */
  newDevice: boolean;
  /** The session the browser had, which the sign-in ends. */
  previousSessionId: string | null;
  userAgent: string | null;
  ip: string | null;
}

export interface OpenedSession {
  token: string;
  expiresAt: Date;
}

type Account = { id: number; email: string };

/** Read before a transaction (PGlite's one connection is the transaction's until it ends). */
async function mailContext() {
  const [brand, settings] = await Promise.all([mailBrand(), currentSettings()]);
  return { brand, timeZone: settings.timeZone };
}

/**
 * Opens the session of a completed sign-in inside `tx`: ends the browser's previous session, records
 * 'sign_in.succeeded', and queues the new-device email when a browser without the account's device
 * cookie signs in to an account that had signed in before (the first sign-in of an account is not news).
 */
async function openSession(
  tx: Database,
  account: Account,
  method: SignInMethod,
  context: SignInContext,
  mail: Awaited<ReturnType<typeof mailContext>>,
): Promise<OpenedSession> {
  if (context.previousSessionId) await tx.delete(sessions).where(eq(sessions.id, context.previousSessionId));
  const opened = await createSession(account.id, { userAgent: context.userAgent, db: tx });
  if (context.newDevice) {
    const [before] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, account.id), eq(auditLog.action, 'sign_in.succeeded')))
      .limit(1);
    if (before) {
      const at = new Intl.DateTimeFormat('en-GB', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: mail.timeZone,
        timeZoneName: 'short',
      }).format(new Date());
      const email = newDeviceSignInEmail(mail.brand, { ...describeUserAgent(context.userAgent), ip: context.ip, at });
      await enqueueEmail(tx, { kind: 'new_device_sign_in', to: account.email, ...email });
    }
  }
  await recordAudit(tx, {
    action: 'sign_in.succeeded',
    actor: { id: account.id, email: account.email },
    target: { type: 'user', id: account.id },
    details: { method, newDevice: context.newDevice },
  });
  return opened;
}

/** A sign-in complete with the password alone (an account without two-factor sign-in). */
export async function signInWithPassword(account: Account, context: SignInContext): Promise<OpenedSession> {
  const mail = await mailContext();
  const db = await database();
  return db.transaction((tx) => openSession(tx, account, 'password', context, mail));
}

/**
 * The password was right and the account has two-factor sign-in: a challenge for the second step.
 * Returns its token (for the cookie); `replacing` is the browser's previous challenge, if any.
 */
export async function createLoginChallenge(userId: number, replacing?: string): Promise<string> {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  const db = await database();
  await db.transaction(async (tx) => {
    // Expired challenges of anyone go as new ones are made: no job is needed to sweep them.
    await tx.delete(loginChallenges).where(lte(loginChallenges.expiresAt, sql`now()`));
    if (replacing && TOKEN_PATTERN.test(replacing))
      await tx.delete(loginChallenges).where(eq(loginChallenges.id, challengeIdOf(replacing)));
    await tx.insert(loginChallenges).values({
      id: challengeIdOf(token),
      userId,
      expiresAt: sql`now() + ${`${CHALLENGE_MINUTES} minutes`}::interval`,
    });
  });
  return token;
}

/** The account a live challenge is for; 401 when the token is missing, unknown or expired. */
export async function challengeAccount(token: string | undefined): Promise<Account> {
  if (!token || !TOKEN_PATTERN.test(token)) throw new HttpError(401, SIGN_IN_EXPIRED);
  const db = await database();
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(and(eq(loginChallenges.id, challengeIdOf(token)), gt(loginChallenges.expiresAt, sql`now()`)));
  if (!row) throw new HttpError(401, SIGN_IN_EXPIRED);
  return row;
}

/** Forgets a challenge (its cookie is being cleared). */
export async function dropLoginChallenge(token: string | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  const db = await database();
  await db.delete(loginChallenges).where(eq(loginChallenges.id, challengeIdOf(token)));
}

/**
 * The second step: a TOTP code (never one accepted before) or an unused recovery code. Each try
 * counts against the challenge (5, then it is gone and the password is asked again) and against
 * the account (5 wrong in 15 minutes, then 429, however many challenges are made). A right code
 * deletes the challenge and opens the session in one transaction; a recovery code is spent there
 * too, and the account is told by email.
 */
export async function completeSecondFactor(
  token: string,
  account: Account,
  input: SecondFactorInput,
  context: SignInContext,
): Promise<OpenedSession> {
  const db = await database();
  const id = challengeIdOf(token);
  const [challenge] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(and(eq(loginChallenges.id, id), eq(loginChallenges.userId, account.id), gt(loginChallenges.expiresAt, sql`now()`)))
    .returning({ attempts: loginChallenges.attempts });
  if (!challenge) throw new HttpError(401, SIGN_IN_EXPIRED);
  if (challenge.attempts > CHALLENGE_ATTEMPTS) {
    await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
    throw new HttpError(401, CHALLENGE_SPENT);
  }
  const limitKey = `second-factor:user:${account.id}`;
  const hit = await hitRateLimit(limitKey, LOGIN_LIMIT, LOGIN_WINDOW_MS);
  if (!hit.allowed) throw new RateLimitedError(tooManyCodes(Math.ceil(hit.retryAfterSeconds / 60)), hit.retryAfterSeconds);

  const method: SignInMethod = input.code !== undefined ? 'totp' : 'recovery_code';
  const mail = await mailContext();
  const opened = await db.transaction(async (tx) => {
    let codesLeft: number | null = null;
    if (input.code !== undefined) {
      if (!(await spendTotpCode(tx, account.id, input.code))) return null;
    } else {
      const spent = await tx
        .update(recoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(recoveryCodes.userId, account.id),
            eq(recoveryCodes.codeHash, recoveryCodeHash(input.recoveryCode!)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      if (spent.length === 0) return null;
      const [left] = await tx
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, account.id), isNull(recoveryCodes.usedAt)));
      codesLeft = left?.n ?? 0;
    }
    // Gone in the same transaction: two requests racing with one challenge open one session.
    const deleted = await tx.delete(loginChallenges).where(eq(loginChallenges.id, id)).returning({ id: loginChallenges.id });
    if (deleted.length === 0) throw new HttpError(401, SIGN_IN_EXPIRED);
    const session = await openSession(tx, account, method, context, mail);
    if (codesLeft !== null) {
      await recordAudit(tx, {
        action: 'sign_in.recovery_code_used',
        actor: { id: account.id, email: account.email },
        target: { type: 'user', id: account.id },
        details: { codesLeft },
      });
      await enqueueEmail(tx, { kind: 'recovery_code_used', to: account.email, ...recoveryCodeUsedEmail(mail.brand, codesLeft) });
    }
    return session;
  });

  if (!opened) {
    await recordAuditNow({
      action: 'sign_in.second_factor_failed',
      actor: { id: account.id, email: account.email },
      target: { type: 'user', id: account.id },
      details: { method, attempt: challenge.attempts },
    });
    if (challenge.attempts >= CHALLENGE_ATTEMPTS) {
      await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
      throw new HttpError(401, CHALLENGE_SPENT);
    }
    throw new HttpError(401, method === 'totp' ? INVALID_CODE : INVALID_RECOVERY_CODE);
  }
  await releaseRateLimit(limitKey);
  return opened;
}
