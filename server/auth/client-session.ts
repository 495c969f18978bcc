import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { clientSessions, clients } from '#db/schema.ts';
import { database } from '../db.ts';
import { storedUserAgent } from '../http/user-agent.ts';
import { generateSessionToken, SESSION_ABSOLUTE_MS, SESSION_DURATION_MS, sessionIdOf } from './session.ts';

// A client's portal session (issue 36 §1): made and checked as the admin's (server/auth/session.ts:
// a random token, only its SHA-256 stored, 30 days sliding, read from the database on every request)
// but in its own table and cookie, so an admin guard never sees one. A client whose portal the coach
// turned off has no valid session, on any instance, from that moment.

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;
const RENEW_WHEN_LEFT_MS = SESSION_DURATION_MS / 2;
const ACTIVITY_GRANULARITY_MS = 60_000;

export interface PortalClient {
  id: number;
  name: string;
  email: string;
  timeZone: string | null;
}

export interface ClientSessionInfo {
  id: string;
  clientId: number;
  expiresAt: Date;
  renewed: boolean;
}

export async function createClientSession(
  clientId: number,
  { userAgent, db }: { userAgent?: string | null; db?: Database } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + SESSION_DURATION_MS);
  await (db ?? (await database()))
    .insert(clientSessions)
    .values({ id: sessionIdOf(token), clientId, expiresAt, userAgent: storedUserAgent(userAgent) });
  return { token, expiresAt };
}

/** The session and its client, or null (malformed, unknown, expired, or the client's portal is off). */
export async function validateClientSession(token: string): Promise<{ session: ClientSessionInfo; client: PortalClient } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const db = await database();
  const id = sessionIdOf(token);
  const [row] = await db
    .select({
      expiresAt: clientSessions.expiresAt,
      createdAt: clientSessions.createdAt,
      lastActiveAt: clientSessions.lastActiveAt,
      client: { id: clients.id, name: clients.name, email: clients.email, timeZone: clients.timeZone },
    })
    .from(clientSessions)
    .innerJoin(clients, and(eq(clients.id, clientSessions.clientId), isNull(clients.portalDisabledAt)))
    .where(eq(clientSessions.id, id));
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.createdAt.getTime() + SESSION_ABSOLUTE_MS <= now) {
    await db.delete(clientSessions).where(eq(clientSessions.id, id));
    return null;
  }
  let { expiresAt } = row;
  const renewed = expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS;
  if (renewed) expiresAt = new Date(Math.min(now + SESSION_DURATION_MS, row.createdAt.getTime() + SESSION_ABSOLUTE_MS));
  // Activity (the session's, and the client's "last used the portal") is written at most once a minute.
  if (renewed || now - row.lastActiveAt.getTime() >= ACTIVITY_GRANULARITY_MS) {
    await db.transaction(async (tx) => {
      await tx.update(clientSessions).set({ expiresAt, lastActiveAt: sql`now()` }).where(eq(clientSessions.id, id));
      await tx.update(clients).set({ portalSeenAt: sql`now()` }).where(eq(clients.id, row.client.id));
    });
  }
  return { session: { id, clientId: row.client.id, expiresAt, renewed }, client: row.client };
}

export async function endClientSession(sessionId: string): Promise<void> {
  await (await database()).delete(clientSessions).where(eq(clientSessions.id, sessionId));
}
