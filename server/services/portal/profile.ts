import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Client, clients } from '#db/schema.ts';
import type { PortalClient } from '#server/auth/client-session.ts';
import { database } from '#server/db.ts';
import { conflict, notFound } from '#server/errors.ts';
import { CLIENT_NOT_FOUND } from '#src/schemas/client.ts';
import { ERASURE_ALREADY_REQUESTED, type ErasureRequest, type PortalProfile, type PortalProfileInput } from '#src/schemas/portal.ts';
import { recordAudit } from '../audit.ts';
import { personalDataExport } from '../privacy.ts';

// A client's own details in the portal (issue 36 §4): their name, time zone and the emails they
// want (never the ones the law requires); everything the site holds about them, as the coach's
// privacy export gives it; and a request for erasure, which the coach confirms in Admin → Privacy.

export const toPortalProfile = (client: Client): PortalProfile => ({
  name: client.name,
  email: client.email,
  timeZone: client.timeZone,
  reminders: client.emailReminders,
  creditNotices: client.emailCreditNotices,
  erasureRequestedAt: client.erasureRequestedAt?.toISOString() ?? null,
});

export async function updateProfile(clientId: number, input: PortalProfileInput): Promise<PortalProfile> {
  const [row] = await (await database())
    .update(clients)
    .set({
      name: input.name,
      timeZone: input.timeZone,
      emailReminders: input.reminders,
      emailCreditNotices: input.creditNotices,
      updatedAt: sql`now()`,
    })
    .where(eq(clients.id, clientId))
    .returning();
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return toPortalProfile(row);
}

/** "Download my data": the same export as Admin → Privacy gives the coach for this address. */
export const exportOwnData = (client: PortalClient) => personalDataExport(client.email);

/** "Erase my data": asked once, recorded in the audit log; the coach erases from Admin → Privacy. */
export async function requestErasure(client: PortalClient): Promise<PortalProfile> {
  const db = await database();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(clients)
      .set({ erasureRequestedAt: sql`now()` })
      .where(and(eq(clients.id, client.id), isNull(clients.erasureRequestedAt)))
      .returning();
    if (!row) throw conflict(ERASURE_ALREADY_REQUESTED);
    await recordAudit(tx, {
      action: 'privacy.erasure_requested',
      actor: { id: null, email: client.email },
      target: { type: 'client', id: client.id },
    });
    return toPortalProfile(row);
  });
}

/** Admin → Privacy: the clients who asked in the portal for erasure, oldest request first. */
export async function erasureRequests(): Promise<ErasureRequest[]> {
  const rows = await (await database())
    .select({ clientId: clients.id, name: clients.name, email: clients.email, requestedAt: clients.erasureRequestedAt })
    .from(clients)
    .where(isNotNull(clients.erasureRequestedAt))
    .orderBy(asc(clients.erasureRequestedAt));
  return rows.map((row) => ({ ...row, requestedAt: row.requestedAt!.toISOString() }));
}
