import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { passwordResetTokens, users } from '#db/schema.ts';
import { hashPassword } from '../auth/password.ts';
import { database } from '../db.ts';
import { badRequest } from '../errors.ts';
import { afterAnswer } from '../jobs/after-answer.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { passwordResetEmail, RESET_LINK_MINUTES } from '../mail/templates.ts';
import { recordAudit } from './audit.ts';
import { emailDigest } from './auth.ts';
import { enforceRateLimit } from './rate-limits.ts';
import { endUserSessions } from './sessions.ts';
import { mailBrand } from './settings.ts';
import { normaliseEmail } from './users.ts';

// docs/security.md "Password reset": a random token sent by email, stored only as its SHA-256,
// valid 30 minutes, used once. The request answers the same, at once, for every address: the
// lookup and the email happen after the answer, so neither the words nor the time tell whether
// an account exists.

export const RESET_LINK_INVALID = 'This reset link is not valid. Ask for a new one.';
export const RESET_LINK_USED = 'This reset link has already been used. Ask for a new one.';
export const RESET_LINK_EXPIRED = 'This reset link has expired. Ask for a new one.';

const HOUR_MS = 60 * 60 * 1000;
const PER_IP = { limit: 5, windowMs: HOUR_MS };
const PER_ADDRESS = { limit: 3, windowMs: HOUR_MS };
/** Links tried per network (issue 33 §4): each try that passes the limit may cost one Argon2 hash. */
const CONFIRMS_PER_IP = { limit: 10, windowMs: 15 * 60 * 1000 };
export const tooManyResets = (minutes: number) => `Too many reset requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
export const tooManyResetAttempts = (minutes: number) =>
  `Too many attempts with reset links. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/** Counts the request against its IP and its address (429 past either), then queues the link if the account exists. */
export async function requestPasswordReset(email: string, ip: string): Promise<void> {
  const address = normaliseEmail(email);
  await enforceRateLimit(`reset:ip:${ip}`, PER_IP.limit, PER_IP.windowMs, tooManyResets);
  await enforceRateLimit(`reset:email:${address}`, PER_ADDRESS.limit, PER_ADDRESS.windowMs, tooManyResets);
  afterAnswer('password_reset_failed', () => queueResetLink(address), { email: emailDigest(address) });
}

async function queueResetLink(address: string): Promise<void> {
  const db = await database();
  const token = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  const brand = await mailBrand();
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, address));
    if (!user) return;
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + ${`${RESET_LINK_MINUTES} minutes`}::interval`,
    });
    const link = `${brand.url}/admin/reset-password?token=${token}`;
    await enqueueEmail(tx, { kind: 'password_reset', to: user.email, ...passwordResetEmail(brand, link) });
  });
}

/** The account a reset token opens, read under a lock when `lock`; 400 with the link's fault otherwise. */
async function usableToken(db: Database, tokenHash: string, { lock = false } = {}) {
  const query = db
    .select({
      userId: passwordResetTokens.userId,
      email: users.email,
      usedAt: passwordResetTokens.usedAt,
      expired: sql<boolean>`${passwordResetTokens.expiresAt} <= now()`,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update', { of: passwordResetTokens }) : await query;
  if (!row) throw badRequest(RESET_LINK_INVALID);
  if (row.usedAt) throw badRequest(RESET_LINK_USED);
  if (row.expired) throw badRequest(RESET_LINK_EXPIRED);
  return row;
}

/**
 * Uses a reset token: sets the new password, ends every session of the account and every other
 * link it was sent, and records it in the audit log. Returns the account's id, for the caller to
 * sign it in. Counted against `ip` first (429 past the limit); the token is looked up before the
 * password is hashed, so an unknown, used or expired link costs no Argon2 work.
 */
export async function confirmPasswordReset(token: string, password: string, ip: string): Promise<number> {
  await enforceRateLimit(`reset-confirm:ip:${ip}`, CONFIRMS_PER_IP.limit, CONFIRMS_PER_IP.windowMs, tooManyResetAttempts);
  const db = await database();
  const tokenHash = hashToken(token);
  await usableToken(db, tokenHash);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Again under the lock: the same link may have been used while the password was hashed.
    const account = await usableToken(tx, tokenHash, { lock: true });
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, account.userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, account.userId));
    await endUserSessions(tx, account.userId, 'password_reset');
    // By the account itself: the request has no session, the link proved the mailbox.
    await recordAudit(tx, {
      action: 'user.password_reset',
      actor: { id: account.userId, email: account.email },
      target: { type: 'user', id: account.userId },
      details: { email: account.email },
    });
    return account.userId;
  });
}
