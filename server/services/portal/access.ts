import { and, count, eq, gt, sql } from 'drizzle-orm';
import { clientSessions, clients, portalSignIns } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { conflict, notFound } from '#server/errors.ts';
import { CLIENT_NOT_FOUND } from '#src/schemas/client.ts';
import { PORTAL_DISABLED, type PortalAccess } from '#src/schemas/portal.ts';
import { recordAudit } from '../audit.ts';
import { sendSignIn } from './sign-in.ts';

// The coach's side of the portal (issue 36 §5): whether and when a client used it, a sign-in link
// sent on the client's behalf, and access turned off — which ends the client's sessions and
// sign-ins in the same transaction, so every instance refuses them at the next request.

export async function portalAccess(clientId: number): Promise<PortalAccess> {
  const db = await database();
  const [row] = await db
    .select({
      disabledAt: clients.portalDisabledAt,
      seenAt: clients.portalSeenAt,
      browsers: sql<number>`(select ${count()} from ${clientSessions} where ${and(eq(clientSessions.clientId, clients.id), gt(clientSessions.expiresAt, sql`now()`))})::int`,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return { disabled: row.disabledAt !== null, lastSeenAt: row.seenAt?.toISOString() ?? null, browsers: row.browsers };
}

/** "Send a sign-in link": the same email the client would get by asking. */
export async function sendSignInForClient(clientId: number): Promise<void> {
  const db = await database();
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  if (client.portalDisabledAt) throw conflict(PORTAL_DISABLED);
  await sendSignIn(client.email);
  await recordAudit(db, { action: 'portal.link_sent', target: { type: 'client', id: clientId }, details: {} });
}

/** Turns the client's portal off (their sessions and sign-ins end at once) or on again. */
export async function setPortalAccess(clientId: number, enabled: boolean): Promise<PortalAccess> {
  const db = await database();
  await db.transaction(async (tx) => {
    const [client] = await tx
      .update(clients)
      .set({ portalDisabledAt: enabled ? null : sql`coalesce(${clients.portalDisabledAt}, now())` })
      .where(eq(clients.id, clientId))
      .returning({ id: clients.id });
    if (!client) throw notFound(CLIENT_NOT_FOUND);
    let ended = 0;
    if (!enabled) {
      ended = (await tx.delete(clientSessions).where(eq(clientSessions.clientId, clientId)).returning({ id: clientSessions.id })).length;
      await tx.delete(portalSignIns).where(eq(portalSignIns.clientId, clientId));
    }
    await recordAudit(tx, {
      action: enabled ? 'portal.enabled' : 'portal.disabled',
      target: { type: 'client', id: clientId },
      details: enabled ? {} : { sessionsEnded: ended },
    });
  });
  return portalAccess(clientId);
}
