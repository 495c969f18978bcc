import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { sessions } from '#db/schema.ts';
import type { AccountSession } from '#src/schemas/account.ts';
import { database } from '../db.ts';
import { badRequest, notFound } from '../errors.ts';
import { describeUserAgent } from '../http/user-agent.ts';
import { recordAudit } from './audit.ts';

// An account's sessions, as the account page lists and ends them, and the one way every change
// that must end sessions does it (docs/security.md#sessions): a DELETE in the change's own
// transaction, with one 'session.ended' audit row saying how many and why. Sessions are checked in
// the database on every request, so an ended one is refused at once by every instance.

export type SessionEndReason =
  | 'signed_out'
  | 'signed_out_elsewhere'
  | 'password_changed'
  | 'password_reset'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'user_deleted';

export const SESSION_NOT_FOUND = 'Session not found';
export const CURRENT_SESSION = 'This is the browser you are using: use Logout to sign out of it.';

/** The handle the account page knows a session by: a prefix of its stored id (itself a hash of the token). */
const handleOf = (sessionId: string) => sessionId.slice(0, 16);

/**
 * Ends the user's sessions (all, or all but `except`) inside `tx`, and records how many ended and
 * why when any did. Returns the count.
 */
export async function endUserSessions(
  tx: Database,
  userId: number,
  reason: SessionEndReason,
  { except }: { except?: string | null } = {},
): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(except ? and(eq(sessions.userId, userId), ne(sessions.id, except)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  if (ended.length > 0) {
    await recordAudit(tx, { action: 'session.ended', target: { type: 'user', id: userId }, details: { sessions: ended.length, reason } });
  }
  return ended.length;
}

/** The account's live sessions, most recently active first; `currentId` is marked. */
export async function listSessions(userId: number, currentId: string | null): Promise<AccountSession[]> {
  const db = await database();
  const rows = await db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastActiveAt: sessions.lastActiveAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt));
  return rows
    .map((row) => ({
      id: handleOf(row.id),
      ...describeUserAgent(row.userAgent),
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** 'Sign out' on one of the account's other sessions. */
export async function endOneSession(userId: number, handle: string, currentId: string): Promise<void> {
  if (!/^[0-9a-f]{16}$/.test(handle)) throw notFound(SESSION_NOT_FOUND);
  if (handleOf(currentId) === handle) throw badRequest(CURRENT_SESSION);
  const db = await database();
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), sql`left(${sessions.id}, 16) = ${handle}`))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw notFound(SESSION_NOT_FOUND);
    await recordAudit(tx, {
      action: 'session.ended',
      target: { type: 'user', id: userId },
      details: { sessions: ended.length, reason: 'signed_out' satisfies SessionEndReason },
    });
  });
}

/** 'Sign out everywhere else': every session of the account but this one. */
export async function endOtherSessions(userId: number, currentId: string): Promise<number> {
  const db = await database();
  return db.transaction((tx) => endUserSessions(tx, userId, 'signed_out_elsewhere', { except: currentId }));
}
