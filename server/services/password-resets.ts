import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens, users } from '#db/schema.ts';
import { hashPassword } from '../auth/password.ts';
import { database } from '../db.ts';
import { badRequest } from '../errors.ts';
import { afterAnswer } from '../jobs/after-answer.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { passwordResetEmail, RESET_LINK_MINUTES } from '../mail/templates.ts';
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
export const tooManyResets = (minutes: number) => `Too many reset requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

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

/**
 * Uses a reset token: sets the new password, ends every session of the account and every other
 * link it was sent. Returns the account's id, for the caller to sign it in.
 */
export async function confirmPasswordReset(token: string, password: string): Promise<number> {
  const db = await database();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: passwordResetTokens.id,
        userId: passwordResetTokens.userId,
        usedAt: passwordResetTokens.usedAt,
        expired: sql<boolean>`${passwordResetTokens.expiresAt} <= now()`,
      })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
      .for('update');
    if (!row) throw badRequest(RESET_LINK_INVALID);
    if (row.usedAt) throw badRequest(RESET_LINK_USED);
    if (row.expired) throw badRequest(RESET_LINK_EXPIRED);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await endUserSessions(tx, row.userId, 'password_reset');
    return row.userId;
  });
}
