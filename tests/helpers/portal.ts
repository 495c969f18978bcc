// The client portal's tests (issue 36): a client row, a signed-in portal browser, and the link and
// code of the newest sign-in email, read from the outbox as the client would read the email.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { clients, outboxEmails } from '#db/schema.ts';
import { createClientSession } from '#server/auth/client-session.ts';
import { settleAfterAnswer } from '#server/jobs/after-answer.ts';

export async function createClientRow(db: Database, name: string, email: string) {
  const [client] = await db.insert(clients).values({ name, email, source: 'manual', status: 'active' }).returning();
  return client!;
}

/** A portal session for the client: `cookie` goes in the Cookie header. */
export async function clientSignedIn(clientId: number) {
  const { token } = await createClientSession(clientId);
  return { token, cookie: `portal=${token}` };
}

const LINK = /http:\/\/localhost:3000\/portal\/sign-in\?token=([A-Za-z0-9_-]+)/;
const CODE = /Your sign-in code: (\d{6})/;

/** Reads a sign-in email's link token and code from its plain text. */
export function signInOf(text: string): { token: string; code: string } {
  const token = text.match(LINK)?.[1];
  const code = text.match(CODE)?.[1];
  if (!token || !code) throw new Error(`not a portal sign-in email:\n${text}`);
  return { token, code };
}

/** The portal sign-in emails queued so far (after the requests' background work), oldest first. */
export async function signInEmails(db: Database, to?: string) {
  await settleAfterAnswer();
  const rows = await db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'portal_sign_in')).orderBy(asc(outboxEmails.id));
  return to ? rows.filter((row) => row.toAddress === to) : rows;
}

/** The link token and code of the newest sign-in email sent to `to`. */
export async function newestSignIn(db: Database, to: string) {
  const rows = await signInEmails(db, to);
  if (!rows.length) throw new Error(`no sign-in email was sent to ${to}`);
  return signInOf(rows.at(-1)!.text);
}

/** The portal cookie a response set (`portal=…`), or null. */
export function portalCookieOf(response: Response): string | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('portal='));
  const value = header?.split(';')[0];
  return value && value !== 'portal=' ? value : null;
}
