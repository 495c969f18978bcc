import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { type Client, clientSessions, clients, portalSignIns } from '#db/schema.ts';
import { createClientSession } from '#server/auth/client-session.ts';
import { database } from '#server/db.ts';
import { badRequest } from '#server/errors.ts';
import { afterAnswer } from '#server/jobs/after-answer.ts';
import { enqueueEmail } from '#server/mail/outbox.ts';
import { portalSignInEmail } from '#server/mail/portal-templates.ts';
import {
  PORTAL_CODE_ATTEMPTS,
  PORTAL_CODE_WRONG,
  PORTAL_LINK_INVALID,
  PORTAL_LINK_MINUTES,
  tooManyPortalCodes,
  tooManyPortalRequests,
} from '#src/schemas/portal.ts';
import { recordAudit } from '../audit.ts';
import { emailDigest } from '../auth.ts';
import { enforceRateLimit } from '../rate-limits.ts';
import { sameEmail } from '../same-email.ts';
import { mailBrand } from '../settings.ts';
import { normaliseEmail } from '../users.ts';

// Signing in to the client portal (issue 36 §1) without a password: an emailed link and a 6-digit
// code, one sign-in, valid 15 minutes, used once; asking again ends the one before. The request
// answers the same, at once, for every address: whether it is a client's is only looked up after
// the answer. Requests and codes are counted per network and per address; a browser the client has
// signed in with before (its device cookie) is counted on its own, so no one can lock them out.

const HOUR_MS = 60 * 60 * 1000;
const REQUESTS_PER_IP = { limit: 10, windowMs: HOUR_MS };
const REQUESTS_PER_ADDRESS = { limit: 5, windowMs: HOUR_MS };
const CODES_PER_IP = { limit: 20, windowMs: 15 * 60 * 1000 };
const CODES_PER_ADDRESS = { limit: 10, windowMs: 15 * 60 * 1000 };

const hash = (text: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(text)));
/** The code is bound to its sign-in: the same 6 digits of another sign-in hash otherwise. */
const codeHashOf = (tokenHash: string, code: string) => hash(`portal-code:${tokenHash}:${code}`);

/** Where an address's attempts are counted: its own browser apart from everyone else. */
const addressKey = (what: string, address: string, device: string | null) =>
  device ? `${what}:device:${device}` : `${what}:email:${emailDigest(address)}`;

export interface BrowserContext {
  ip: string;
  /** The browser's portal device cookie for this address (server/auth/device-cookie.ts), if any. */
  device: string | null;
  userAgent: string | null;
  /** The portal session the browser had, which a sign-in ends. */
  previousSessionId: string | null;
}

/** "Email me a sign-in link": counted, then (after the answer) sent if the address is a client's with the portal on. */
export async function requestPortalSignIn(email: string, context: Pick<BrowserContext, 'ip' | 'device'>): Promise<void> {
  const address = normaliseEmail(email);
  await enforceRateLimit(`portal-request:ip:${context.ip}`, REQUESTS_PER_IP.limit, REQUESTS_PER_IP.windowMs, tooManyPortalRequests);
  await enforceRateLimit(
    addressKey('portal-request', address, context.device),
    REQUESTS_PER_ADDRESS.limit,
    REQUESTS_PER_ADDRESS.windowMs,
    tooManyPortalRequests,
  );
  afterAnswer(
    'portal_sign_in_failed',
    async () => {
      await sendSignIn(address);
    },
    { email: emailDigest(address) },
  );
}

/** A new sign-in for the client at `address` (ending any earlier one), and its email; nothing when there is no such client. */
export async function sendSignIn(address: string): Promise<Client | null> {
  const brand = await mailBrand();
  const db = await database();
  return db.transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(sameEmail(clients.email, address)).for('update');
    if (!client || client.portalDisabledAt) return null;
    await queueSignIn(tx, client, brand);
    return client;
  });
}

async function queueSignIn(tx: Database, client: Client, brand: Awaited<ReturnType<typeof mailBrand>>) {
  const token = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  const code = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0');
  const tokenHash = hash(token);
  // The later request ends the earlier: only the newest link and code work.
  await tx.delete(portalSignIns).where(eq(portalSignIns.clientId, client.id));
  await tx.insert(portalSignIns).values({
    clientId: client.id,
    tokenHash,
    codeHash: codeHashOf(tokenHash, code),
    expiresAt: sql`now() + ${`${PORTAL_LINK_MINUTES} minutes`}::interval`,
  });
  const link = `${brand.url}/portal/sign-in?token=${token}`;
  await enqueueEmail(tx, { kind: 'portal_sign_in', to: client.email, ...portalSignInEmail(brand, client.name, link, code) });
}

export interface OpenedPortalSession {
  token: string;
  expiresAt: Date;
  client: Pick<Client, 'id' | 'email'>;
}

/** Opens the client's session in `tx`: the browser's previous one ends, and the audit log says so. */
async function openSession(tx: Database, client: Pick<Client, 'id' | 'email'>, method: 'link' | 'code', context: BrowserContext) {
  if (context.previousSessionId) await tx.delete(clientSessions).where(eq(clientSessions.id, context.previousSessionId));
  const opened = await createClientSession(client.id, { userAgent: context.userAgent, db: tx });
  await tx.update(clients).set({ portalSeenAt: sql`now()` }).where(eq(clients.id, client.id));
  await recordAudit(tx, {
    action: 'portal.signed_in',
    actor: { id: null, email: client.email },
    target: { type: 'client', id: client.id },
    details: { method },
  });
  return { ...opened, client };
}

/** The link from the email: its sign-in is spent and the session opened, or 400 when it is unknown, used or expired. */
export async function signInWithLink(token: string, context: BrowserContext): Promise<OpenedPortalSession> {
  await enforceRateLimit(`portal-code:ip:${context.ip}`, CODES_PER_IP.limit, CODES_PER_IP.windowMs, tooManyPortalCodes);
  const db = await database();
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(portalSignIns)
      .set({ usedAt: sql`now()` })
      .where(and(eq(portalSignIns.tokenHash, hash(token)), isNull(portalSignIns.usedAt), gt(portalSignIns.expiresAt, sql`now()`)))
      .returning({ clientId: portalSignIns.clientId });
    const client = spent && (await enabledClient(tx, spent.clientId));
    if (!client) throw badRequest(PORTAL_LINK_INVALID);
    return openSession(tx, client, 'link', context);
  });
}

async function enabledClient(tx: Database, id: number) {
  const [client] = await tx
    .select({ id: clients.id, email: clients.email })
    .from(clients)
    .where(and(eq(clients.id, id), isNull(clients.portalDisabledAt)));
  return client;
}

/**
 * The code from the email, typed with the address: the newest live sign-in of that client, if the
 * code is its own. A wrong code counts against the sign-in (5, then it is spent), the address and
 * the network; every failure, an unknown address's too, answers the same 400.
 */
export async function signInWithCode(email: string, code: string, context: BrowserContext): Promise<OpenedPortalSession> {
  const address = normaliseEmail(email);
  await enforceRateLimit(`portal-code:ip:${context.ip}`, CODES_PER_IP.limit, CODES_PER_IP.windowMs, tooManyPortalCodes);
  await enforceRateLimit(
    addressKey('portal-code', address, context.device),
    CODES_PER_ADDRESS.limit,
    CODES_PER_ADDRESS.windowMs,
    tooManyPortalCodes,
  );
  const db = await database();
  const opened = await db.transaction(async (tx) => {
    const [live] = await tx
      .select({
        id: portalSignIns.id,
        tokenHash: portalSignIns.tokenHash,
        codeHash: portalSignIns.codeHash,
        client: { id: clients.id, email: clients.email },
      })
      .from(portalSignIns)
      .innerJoin(clients, eq(clients.id, portalSignIns.clientId))
      .where(
        and(
          sameEmail(clients.email, address),
          isNull(clients.portalDisabledAt),
          isNull(portalSignIns.usedAt),
          gt(portalSignIns.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(portalSignIns.id))
      .limit(1)
      .for('update', { of: portalSignIns });
    if (!live) return null;
    if (codeHashOf(live.tokenHash, code) !== live.codeHash) {
      await tx
        .update(portalSignIns)
        .set({
          attempts: sql`${portalSignIns.attempts} + 1`,
          usedAt: sql`case when ${portalSignIns.attempts} + 1 >= ${PORTAL_CODE_ATTEMPTS} then now() else null end`,
        })
        .where(eq(portalSignIns.id, live.id));
      return null;
    }
    await tx.update(portalSignIns).set({ usedAt: sql`now()` }).where(eq(portalSignIns.id, live.id));
    return openSession(tx, live.client, 'code', context);
  });
  if (!opened) throw badRequest(PORTAL_CODE_WRONG);
  return opened;
}
