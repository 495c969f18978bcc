import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { sessions, siteSettings, type User, users, userTotp } from '#db/schema.ts';
import { database } from '../db.ts';
import { storedUserAgent } from '../http/user-agent.ts';

// Sessions as in the Lucia guide (docs/security.md#sessions): a 160-bit random token in the cookie, only
// its SHA-256 in the database; 30-day sliding expiry renewed when half spent; 90 days at most.

const DAY_MS = 86_400_000;
export const SESSION_DURATION_MS = 30 * DAY_MS;
const RENEW_WHEN_LEFT_MS = 15 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;
/** last_active_at is written at most this often (one conditional UPDATE, only when it is older). */
const ACTIVITY_GRANULARITY_MS = 60_000;
/** The site_settings key of the owner's "every admin signs in with two factors" (server/services/two-factor.ts). */
export const REQUIRE_TWO_FACTOR_KEY = 'requireTwoFactor';

export interface SessionInfo {
  id: string;
  userId: number;
  expiresAt: Date;
  /** True when this validation moved the expiry: the cookie must be sent again. */
  renewed: boolean;
  /**
   * The owner requires two factors for every admin and this account has none confirmed: the admin
   * answers only the account page and its API until it is set up (server/auth/guards.ts).
   */
  mustSetUpTwoFactor: boolean;
}

export type SessionUser = Pick<User, 'id' | 'email' | 'role' | 'isOwner' | 'firstName' | 'lastName' | 'profileImageUrl' | 'createdAt'>;

export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

export const sessionIdOf = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/**
 * A new session for the user. `userAgent` is kept (truncated) for the account page's list; `db`
 * lets a sign-in create it in the transaction of its checks.
 */
export async function createSession(
  userId: number,
  { userAgent, db }: { userAgent?: string | null; db?: Database } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_DURATION_MS);
  await (db ?? (await database()))
    .insert(sessions)
    .values({ id: sessionIdOf(token), userId, expiresAt, userAgent: storedUserAgent(userAgent) });
  return { token, expiresAt };
}

/**
 * The session and its user, or null. A malformed token is rejected without touching the database.
 * `renew: false` leaves the expiry alone, for callers that cannot send the cookie back (pages).
 * Read from the database on every request, never cached: a session ended (or a role changed) on one
 * instance is refused by every other at its next request.
 */
export async function validateSessionToken(
  token: string,
  { renew = true }: { renew?: boolean } = {},
): Promise<{ session: SessionInfo; user: SessionUser } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const db = await database();
  const id = sessionIdOf(token);
  const [row] = await db
    .select({
      session: {
        id: sessions.id,
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        createdAt: sessions.createdAt,
        lastActiveAt: sessions.lastActiveAt,
      },
      user: {
        id: users.id,
        email: users.email,
        role: users.role,
        isOwner: users.isOwner,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        createdAt: users.createdAt,
      },
      twoFactor: sql<boolean>`${userTotp.confirmedAt} is not null`,
      twoFactorRequired: sql<boolean>`coalesce((select ${siteSettings.value} = 'true'::jsonb from ${siteSettings} where ${siteSettings.key} = ${REQUIRE_TWO_FACTOR_KEY}), false)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userTotp, eq(userTotp.userId, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row) return null;
  const now = Date.now();
  if (row.session.expiresAt.getTime() <= now || row.session.createdAt.getTime() + SESSION_ABSOLUTE_MS <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let { expiresAt } = row.session;
  const renewed = renew && expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS;
  if (renewed) expiresAt = new Date(Math.min(now + SESSION_DURATION_MS, row.session.createdAt.getTime() + SESSION_ABSOLUTE_MS));
  // Activity is noted at most once a minute: most requests write nothing. The condition is
  // repeated in SQL so that instances answering at once write it once.
  const idle = now - row.session.lastActiveAt.getTime() >= ACTIVITY_GRANULARITY_MS;
  if (renewed) {
    await db
      .update(sessions)
      .set({ expiresAt, ...(idle ? { lastActiveAt: sql`now()` } : {}) })
      .where(eq(sessions.id, id));
  } else if (idle) {
    await db
      .update(sessions)
      .set({ lastActiveAt: sql`now()` })
      .where(and(eq(sessions.id, id), sql`${sessions.lastActiveAt} < now() - ${`${ACTIVITY_GRANULARITY_MS} milliseconds`}::interval`));
  }
  const mustSetUpTwoFactor = row.user.role === 'admin' && row.twoFactorRequired && !row.twoFactor;
  return { session: { id, userId: row.session.userId, expiresAt, renewed, mustSetUpTwoFactor }, user: row.user };
}

export async function invalidateSession(sessionId: string): Promise<void> {
  const db = await database();
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
