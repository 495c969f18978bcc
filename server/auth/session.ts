import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { sessions, type User, users } from '../../db/schema.ts';
import { database } from '../db.ts';

// Sessions as in the Lucia guide (docs/security.md#sessions): a 160-bit random token in the cookie, only
// its SHA-256 in the database; 30-day sliding expiry renewed when half spent; 90 days at most.

const DAY_MS = 86_400_000;
export const SESSION_DURATION_MS = 30 * DAY_MS;
const RENEW_WHEN_LEFT_MS = 15 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

export interface SessionInfo {
  id: string;
  userId: number;
  expiresAt: Date;
  /** True when this validation moved the expiry: the cookie must be sent again. */
  renewed: boolean;
}

export type SessionUser = Pick<User, 'id' | 'email' | 'role' | 'isOwner' | 'firstName' | 'lastName' | 'profileImageUrl' | 'createdAt'>;

export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

export const sessionIdOf = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

export async function createSession(userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_DURATION_MS);
  const db = await database();
  await db.insert(sessions).values({ id: sessionIdOf(token), userId, expiresAt });
  return { token, expiresAt };
}

/**
 * The session and its user, or null. A malformed token is rejected without touching the database.
 * `renew: false` leaves the expiry alone, for callers that cannot send the cookie back (pages).
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
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt },
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
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row) return null;
  const now = Date.now();
  if (row.session.expiresAt.getTime() <= now || row.session.createdAt.getTime() + SESSION_ABSOLUTE_MS <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let { expiresAt } = row.session;
  const renewed = renew && expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS;
  if (renewed) {
    expiresAt = new Date(Math.min(now + SESSION_DURATION_MS, row.session.createdAt.getTime() + SESSION_ABSOLUTE_MS));
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  }
  return { session: { id, userId: row.session.userId, expiresAt, renewed }, user: row.user };
}

export async function invalidateSession(sessionId: string): Promise<void> {
  const db = await database();
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
