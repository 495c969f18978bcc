import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { clientSessions } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { notFound } from '#server/errors.ts';
import { describeUserAgent } from '#server/http/user-agent.ts';
import { PORTAL_SESSION_NOT_FOUND, type PortalBrowser } from '#src/schemas/portal.ts';

// "Signed-in browsers" (issue 36 §1): a client sees where they are signed in and ends any of them.

const handleOf = (sessionId: string) => sessionId.slice(0, 16);

export async function listBrowsers(clientId: number, currentId: string): Promise<PortalBrowser[]> {
  const rows = await (await database())
    .select()
    .from(clientSessions)
    .where(and(eq(clientSessions.clientId, clientId), gt(clientSessions.expiresAt, sql`now()`)))
    .orderBy(desc(clientSessions.lastActiveAt));
  return rows
    .map((row) => ({
      id: handleOf(row.id),
      ...describeUserAgent(row.userAgent),
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs one of the client's browsers out (this one too: the answer then clears its cookie). */
export async function endBrowser(clientId: number, handle: string): Promise<void> {
  if (!/^[0-9a-f]{16}$/.test(handle)) throw notFound(PORTAL_SESSION_NOT_FOUND);
  const ended = await (await database())
    .delete(clientSessions)
    .where(and(eq(clientSessions.clientId, clientId), sql`left(${clientSessions.id}, 16) = ${handle}`))
    .returning({ id: clientSessions.id });
  if (ended.length === 0) throw notFound(PORTAL_SESSION_NOT_FOUND);
}
