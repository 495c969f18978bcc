// The client portal's sign-in (issue 36 §1, §5): an emailed link and 6-digit code, each working once
// for 15 minutes, the later request ending the earlier; the same answer for any address; limits per
// address and per network with the device-cookie allowance; a client session that no admin route
// accepts (tests/api/guards.test.ts walks them all) and that the coach ends by turning access off.
import { beforeEach, describe, expect, test } from 'bun:test';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, clientSessions, clients, outboxEmails, portalSignIns, rateLimits } from '#db/schema.ts';
import { app } from '#server/app.ts';
import { HIDDEN_TOKEN } from '#server/mail/hidden-links.ts';
import {
  PORTAL_CODE_WRONG,
  PORTAL_DISABLED,
  PORTAL_LINK_INVALID,
  PORTAL_LINK_SENT_BY_COACH,
  PORTAL_SIGN_IN_SENT,
  PORTAL_SIGNED_OUT,
  type PortalAccess,
} from '#src/schemas/portal.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { clientSignedIn, createClientRow, newestSignIn, portalCookieOf, signInEmails } from '../helpers/portal.ts';
import { clearPractice } from '../helpers/practice.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

let ipCounter = 0;
const freshIp = () => `192.0.2.${(++ipCounter % 250) + 1}`;

const ask = (email: string, { ip = freshIp(), cookie }: { ip?: string; cookie?: string } = {}) =>
  sendJson('POST', '/api/portal/sign-in', { email }, { ip, headers: cookie ? { Cookie: cookie } : {} });
const withLink = (token: string, ip = freshIp()) => sendJson('POST', '/api/portal/sign-in/link', { token }, { ip });
const withCode = (email: string, code: string, { ip = freshIp(), cookie }: { ip?: string; cookie?: string } = {}) =>
  sendJson('POST', '/api/portal/sign-in/code', { email, code }, { ip, headers: cookie ? { Cookie: cookie } : {} });
const me = (cookie: string) => request('/api/portal/me', { headers: { Cookie: cookie } });

/** A code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeEach(async () => {
  await db().delete(outboxEmails);
  await db().delete(rateLimits);
  await db().delete(portalSignIns);
  await db().delete(clientSessions);
  await clearPractice(db());
});

describe('asking for a sign-in', () => {
  test('a client, a stranger and a client whose portal is off get the same 202 and body; only the client is emailed', async () => {
    await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const off = await createClientRow(db(), 'Bo Lind', 'bo@example.com');
    await db().update(clients).set({ portalDisabledAt: new Date() }).where(eq(clients.id, off.id));
    const answers = await Promise.all(['AMARA@example.com', 'stranger@example.com', 'bo@example.com'].map((email) => ask(email)));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({ message: PORTAL_SIGN_IN_SENT });
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    const emails = await signInEmails(db());
    expect(emails.map((email) => email.toAddress)).toEqual(['amara@example.com']);
    expect(emails[0]!.subject).toBe('Your sign-in link for Summit Leadership Coaching');
    expect(emails[0]!.text).toContain('Hello Amara Obi,');
    expect(emails[0]!.text).toMatch(/Your sign-in code: \d{6}/);
  });

  test('only hashes are stored, for 15 minutes; the outbox shows the coach neither the link nor the code', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    await ask(client.email);
    const { token, code } = await newestSignIn(db(), client.email);
    const [row] = await db().select().from(portalSignIns).where(eq(portalSignIns.clientId, client.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBeCloseTo(15, 1);
    const [email] = await signInEmails(db(), client.email);
    const shown = await request(`/api/admin/outbox/${email!.id}`, { headers: admin.headers() });
    expect(shown.status).toBe(200);
    const text = JSON.stringify(await shown.json());
    expect(text).not.toContain(token);
    expect(text).not.toContain(code);
    expect(text).toContain(`Your sign-in code: ${HIDDEN_TOKEN}`);
  });

  test('a bad address is a 400 naming the field, and nothing is sent', async () => {
    const response = await ask('not an email');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Please enter a valid email address', field: 'email' });
    expect(await signInEmails(db())).toEqual([]);
  });

  test('5 requests an hour per address, from any network, for strangers alike; the client’s own browser still gets a link', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    // The client signs in once: their browser gets its portal device cookie.
    await ask(client.email);
    const signedIn = await withCode(client.email, (await newestSignIn(db(), client.email)).code);
    expect(signedIn.status).toBe(204);
    const device = signedIn.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('portal_device='))!
      .split(';')[0]!;
    for (const email of [client.email, 'stranger@example.com']) {
      for (let i = 0; i < (email === client.email ? 4 : 5); i++) expect((await ask(email)).status).toBe(202);
      const limited = await ask(email);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({ message: 'Too many sign-in requests. Try again in 60 minutes.' });
    }
    // An attacker spent the address's requests: the client's browser is counted on its own.
    const before = (await signInEmails(db(), client.email)).length;
    expect((await ask(client.email, { cookie: device })).status).toBe(202);
    expect((await signInEmails(db(), client.email)).length).toBe(before + 1);
  });

  test('10 requests an hour per network, whatever the addresses', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 10; i++) expect((await ask(`someone${i}@example.com`, { ip })).status).toBe(202);
    expect((await ask('another@example.com', { ip })).status).toBe(429);
  });
});

describe('the link and the code', () => {
  test('the link signs in once: a portal cookie (HttpOnly, SameSite=Lax, 30 days), never the admin’s; used again it is refused', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    await ask(client.email);
    const { token } = await newestSignIn(db(), client.email);
    const first = await withLink(token);
    expect(first.status).toBe(204);
    const setCookie = first.headers.getSetCookie().find((cookie) => cookie.startsWith('portal='))!;
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(first.headers.getSetCookie().some((cookie) => cookie.startsWith('session='))).toBe(false);
    const cookie = portalCookieOf(first)!;
    const overview = await me(cookie);
    expect(overview.status).toBe(200);
    expect((await overview.json()).client).toMatchObject({ name: 'Amara Obi', email: 'amara@example.com', timeZone: null });
    // A stolen link after its use: refused, and the code of the same email too.
    const again = await withLink(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: PORTAL_LINK_INVALID });
    const [session] = await db().select().from(clientSessions).where(eq(clientSessions.clientId, client.id));
    expect((session!.expiresAt.getTime() - Date.now()) / 86_400_000).toBeCloseTo(30, 1);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'portal.signed_in'), eq(auditLog.targetId, String(client.id))));
    expect(audit).toMatchObject({
      actorEmail: 'amara@example.com',
      targetType: 'client',
      targetId: String(client.id),
      details: { method: 'link' },
    });
  });

  test('the code signs in once, with the address it was sent to (in any case); the link of the same email is then spent too', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    await ask(client.email);
    const { token, code } = await newestSignIn(db(), client.email);
    const signedIn = await withCode('Amara@Example.com', code);
    expect(signedIn.status).toBe(204);
    expect(portalCookieOf(signedIn)).not.toBeNull();
    for (const response of [await withCode(client.email, code), await withLink(token)]) expect(response.status).toBe(400);
  });

  test('a wrong code, a stranger’s address and a malformed code: the same 400, nothing opened', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    await ask(client.email);
    const { code } = await newestSignIn(db(), client.email);
    for (const response of [await withCode(client.email, otherThan(code)), await withCode('stranger@example.com', code)]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: PORTAL_CODE_WRONG });
      expect(portalCookieOf(response)).toBeNull();
    }
    const malformed = await withCode(client.email, '12ab56');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'Enter the 6-digit code from the email', field: 'code' });
    expect(await db().select().from(clientSessions)).toEqual([]);
  });

  test('5 wrong codes spend the sign-in: the right code is refused after them', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    await ask(client.email);
    const { code, token } = await newestSignIn(db(), client.email);
    for (let i = 0; i < 5; i++) expect((await withCode(client.email, otherThan(code))).status).toBe(400);
    expect((await withCode(client.email, code)).status).toBe(400);
    expect((await withLink(token)).status).toBe(400);
  });

  test('the later request ends the earlier: its link and code are refused, the newest work', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    await ask(client.email);
    const earlier = await newestSignIn(db(), client.email);
    await ask(client.email);
    const later = await newestSignIn(db(), client.email);
    expect(later.token).not.toBe(earlier.token);
    expect((await withLink(earlier.token)).status).toBe(400);
    if (earlier.code !== later.code) expect((await withCode(client.email, earlier.code)).status).toBe(400);
    expect((await withLink(later.token)).status).toBe(204);
  });

  test('after 15 minutes neither the link nor the code works', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    await ask(client.email);
    const { token, code } = await newestSignIn(db(), client.email);
    await db().update(portalSignIns).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(portalSignIns.clientId, client.id));
    expect((await withLink(token)).status).toBe(400);
    expect((await withCode(client.email, code)).status).toBe(400);
  });

  test('wrong codes: 10 per address in 15 minutes, then 429 — except from the client’s own browser', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    await ask(client.email);
    const first = await withCode(client.email, (await newestSignIn(db(), client.email)).code);
    const device = first.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('portal_device='))!
      .split(';')[0]!;
    await db().delete(rateLimits);
    for (let i = 0; i < 10; i++) expect((await withCode(client.email, '000000')).status).toBe(400);
    const limited = await withCode(client.email, '000000');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Too many wrong codes. Try again in 15 minutes.' });
    await ask(client.email, { cookie: device });
    const { code } = await newestSignIn(db(), client.email);
    expect((await withCode(client.email, code, { cookie: device })).status).toBe(204);
  });

  test('a cross-site sign-in request is refused before anything is read', async () => {
    const response = await request('/api/portal/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'amara@example.com' }),
    });
    expect(response.status).toBe(403);
    expect(await signInEmails(db())).toEqual([]);
  });
});

test('every portal write (sign-in, sign-out, details, erasure, answers, action items, browsers) refuses a cross-site request with 403', async () => {
  const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
  const { cookie } = await clientSignedIn(client.id);
  const writes = [
    ...new Set(
      app.routes
        .filter((route) => route.path.startsWith('/api/portal/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
        .map((route) => `${route.method} ${route.path}`),
    ),
  ];
  expect(writes.length).toBeGreaterThanOrEqual(8);
  for (const route of writes) {
    const [method, path] = route.split(' ') as [string, string];
    const response = await request(path.replace(/:[a-z]+/g, '1'), {
      method,
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example', Cookie: cookie },
      body: '{}',
    });
    expect({ route, status: response.status }).toEqual({ route, status: 403 });
  }
  expect((await me(cookie)).status).toBe(200);
});

describe('a client session', () => {
  test('answers the portal only: an admin cookie is signed out there, and a client cookie is signed out in the admin', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const { cookie } = await clientSignedIn(client.id);
    const asAdmin = await request('/api/portal/me', { headers: admin.headers() });
    expect(asAdmin.status).toBe(401);
    expect(await asAdmin.json()).toEqual({ message: PORTAL_SIGNED_OUT });
    const inAdmin = await request('/api/admin/clients', { headers: { Cookie: cookie } });
    expect(inAdmin.status).toBe(401);
    expect(await inAdmin.json()).toEqual({ message: 'Authentication required' });
    // The same token under the admin's cookie name is no admin session either.
    const renamed = await request('/api/admin/clients', { headers: { Cookie: cookie.replace('portal=', 'session=') } });
    expect(renamed.status).toBe(401);
  });

  test('lists its browsers and signs any of them out; another client’s handle is not found', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const other = await createClientRow(db(), 'Bo Lind', 'bo@example.com');
    const here = await clientSignedIn(client.id);
    const phone = await clientSignedIn(client.id);
    const theirs = await clientSignedIn(other.id);
    const listed = await request('/api/portal/me/browsers', { headers: { Cookie: here.cookie } });
    const browsers = (await listed.json()) as { id: string; current: boolean }[];
    expect(browsers).toHaveLength(2);
    expect(browsers[0]!.current).toBe(true);
    const [theirsListed] = (await (await request('/api/portal/me/browsers', { headers: { Cookie: theirs.cookie } })).json()) as {
      id: string;
    }[];
    const refused = await sendJson('DELETE', `/api/portal/me/browsers/${theirsListed!.id}`, {}, { headers: { Cookie: here.cookie } });
    expect(refused.status).toBe(404);
    expect((await me(theirs.cookie)).status).toBe(200);
    const ended = await sendJson('DELETE', `/api/portal/me/browsers/${browsers[1]!.id}`, {}, { headers: { Cookie: here.cookie } });
    expect(ended.status).toBe(204);
    expect((await me(phone.cookie)).status).toBe(401);
    expect((await me(here.cookie)).status).toBe(200);
    const out = await sendJson('POST', '/api/portal/sign-out', {}, { headers: { Cookie: here.cookie } });
    expect(out.status).toBe(204);
    expect((await me(here.cookie)).status).toBe(401);
  });
});

describe('the coach’s controls', () => {
  test('the client page says whether and when the portal was used; the coach sends a link', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const portalOf = async () =>
      (await (await request(`/api/admin/clients/${client.id}/portal`, { headers: admin.headers() })).json()) as PortalAccess;
    expect(await portalOf()).toEqual({ disabled: false, lastSeenAt: null, browsers: 0 });
    const sent = await sendJson('POST', `/api/admin/clients/${client.id}/portal/link`, {}, { headers: admin.headers() });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ message: PORTAL_LINK_SENT_BY_COACH });
    const { token } = await newestSignIn(db(), client.email);
    const cookie = portalCookieOf(await withLink(token))!;
    // Signing in is using the portal; so is a visit a minute or more after the last one noted.
    const signedInAt = (await portalOf()).lastSeenAt;
    expect(Date.now() - Date.parse(signedInAt!)).toBeLessThan(60_000);
    await db().update(clients).set({ portalSeenAt: sql`now() - interval '1 day'` }).where(eq(clients.id, client.id));
    await db().update(clientSessions).set({ lastActiveAt: sql`now() - interval '2 minutes'` });
    expect((await me(cookie)).status).toBe(200);
    const after = await portalOf();
    expect(after.browsers).toBe(1);
    expect(Date.now() - Date.parse(after.lastSeenAt!)).toBeLessThan(60_000);
    const missing = await sendJson('POST', '/api/admin/clients/999999/portal/link', {}, { headers: admin.headers() });
    expect(missing.status).toBe(404);
  });

  test('turning access off ends every session and sign-in at once and sends nothing more; on again, the client can sign in', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const { cookie } = await clientSignedIn(client.id);
    await ask(client.email);
    const pending = await newestSignIn(db(), client.email);
    const off = await sendJson('PUT', `/api/admin/clients/${client.id}/portal`, { enabled: false }, { headers: admin.headers() });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ disabled: true, lastSeenAt: null, browsers: 0 });
    expect((await me(cookie)).status).toBe(401);
    expect((await withLink(pending.token)).status).toBe(400);
    await ask(client.email);
    expect(await signInEmails(db(), client.email)).toHaveLength(1);
    const coachLink = await sendJson('POST', `/api/admin/clients/${client.id}/portal/link`, {}, { headers: admin.headers() });
    expect(coachLink.status).toBe(409);
    expect(await coachLink.json()).toEqual({ message: PORTAL_DISABLED });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'portal.disabled'), eq(auditLog.targetId, String(client.id))));
    expect(audit!.details).toEqual({ sessionsEnded: 1 });
    const on = await sendJson('PUT', `/api/admin/clients/${client.id}/portal`, { enabled: true }, { headers: admin.headers() });
    expect(on.status).toBe(200);
    await ask(client.email);
    expect((await withLink((await newestSignIn(db(), client.email)).token)).status).toBe(204);
  });

  test('a bad body is a 400 naming the field', async () => {
    const client = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const response = await sendJson('PUT', `/api/admin/clients/${client.id}/portal`, { enabled: 'no' }, { headers: admin.headers() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'enabled must be true or false', field: 'enabled' });
  });
});
