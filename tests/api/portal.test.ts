// What a signed-in client sees and changes in the portal (issue 36 §2, §3): their sessions ahead
// with the rules and the same manage key as the email's link, the sessions behind them with the
// notes the coach shared, their packages with the ledger in words; action items ticked off and seen
// by the coach; nothing of another client's, whose ids answer 404. And the sign-in email delivered
// over real SMTP, its link and its code each working once.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { bookings, clientSessions, outboxEmails, portalSignIns, rateLimits } from '#db/schema.ts';
import { settleAfterAnswer } from '#server/jobs/after-answer.ts';
import { deliverDueEmails } from '#server/mail/delivery.ts';
import { closeTransport } from '#server/mail/transport.ts';
import { PORTAL_ACTION_ITEM_NOT_FOUND, PORTAL_BOOKING_NOT_FOUND, type PortalOverview } from '#src/schemas/portal.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { HOUR, setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { clientSignedIn, createClientRow, portalCookieOf, signInOf } from '../helpers/portal.ts';
import { clearPractice } from '../helpers/practice.ts';
import { testSmtpForFile } from '../helpers/smtp.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { book, slots } = setupBookingSite(db);
const admin = adminSession(db);
const smtp = testSmtpForFile();

let undoEnv: () => void;
beforeEach(async () => {
  undoEnv = setEnv({
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Summit Coaching" <hello@coach.example>',
    SMTP_MAX_PER_SECOND: '1000',
  });
  smtp.received.length = 0;
  await db().delete(portalSignIns);
  await db().delete(clientSessions);
  await db().delete(rateLimits);
  await clearPractice(db());
});
afterEach(() => {
  closeTransport();
  undoEnv();
});

const overviewOf = async (cookie: string) => {
  const response = await request('/api/portal/me', { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as PortalOverview;
};
const tick = (cookie: string, bookingId: number, item: number, body: unknown, origin?: string) =>
  sendJson('PATCH', `/api/portal/me/sessions/${bookingId}/action-items/${item}`, body, {
    headers: { Cookie: cookie, ...(origin ? { Origin: origin } : {}) },
  });

/** An intro call booked in `email`'s name at the `index`th open slot; `past` moves it two hours back. */
async function bookedBy(email: string, name: string, { index = 0, past = false } = {}) {
  const { slots: open } = await slots();
  const response = await book({ start: open[index]!.start, name, email });
  expect(response.status).toBe(201);
  const [row] = await db().select().from(bookings).orderBy(desc(bookings.id)).limit(1);
  if (past)
    await db()
      .update(bookings)
      .set({ startsAt: new Date(Date.now() - (2 + 2 * index) * HOUR), endsAt: new Date(Date.now() - (1 + 2 * index) * HOUR) })
      .where(eq(bookings.id, row!.id));
  return row!.id;
}

/** The coach writes a session's notes and sends the shared part (Admin → the session's notes). */
async function coachShares(
  bookingId: number,
  notes: { sharedNotes: string; privateNotes: string; actionItems: { text: string; done: boolean }[] },
) {
  const saved = await sendJson('PUT', `/api/admin/bookings/${bookingId}/notes`, { ...notes, version: 0 }, { headers: admin.headers() });
  expect(saved.status).toBe(200);
  const sent = await sendJson('POST', `/api/admin/bookings/${bookingId}/notes/send`, {}, { headers: admin.headers() });
  expect(sent.status).toBe(200);
}

describe('the portal’s home', () => {
  test('sessions ahead with their rules and the email’s manage key; sessions behind with what was shared; another client’s nothing', async () => {
    const amara = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    await createClientRow(db(), 'Bo Lind', 'bo@example.com');
    const ahead = await bookedBy('Amara@example.com', 'Amara Obi', { index: 0 });
    const behind = await bookedBy('amara@example.com', 'Amara Obi', { index: 1, past: true });
    const bosPast = await bookedBy('bo@example.com', 'Bo Lind', { index: 2, past: true });
    await bookedBy('bo@example.com', 'Bo Lind', { index: 3 });
    await coachShares(behind, {
      privateNotes: 'She is weighing the **Lisbon** offer.',
      sharedNotes: 'We agreed on a *quieter calendar*.',
      actionItems: [{ text: 'Draft the board memo', done: false }],
    });
    await coachShares(bosPast, { privateNotes: '', sharedNotes: 'Bo’s notes', actionItems: [] });
    // Notes written but not sent stay the coach’s.
    const unsent = await bookedBy('amara@example.com', 'Amara Obi', { index: 4, past: true });
    await sendJson(
      'PUT',
      `/api/admin/bookings/${unsent}/notes`,
      { privateNotes: '', sharedNotes: 'Draft, not sent', actionItems: [], version: 0 },
      { headers: admin.headers() },
    );

    const { cookie } = await clientSignedIn(amara.id);
    const overview = await overviewOf(cookie);
    expect(overview.upcoming.map((session) => session.id)).toEqual([ahead]);
    const [upcoming] = overview.upcoming;
    expect(upcoming).toMatchObject({ session: 'intro call', status: 'confirmed', name: 'Amara Obi' });
    // The manage key is the email's: the manage page opens the same booking with it.
    const managed = await request(`/api/bookings/manage?token=${encodeURIComponent(upcoming!.manageToken)}`);
    expect(managed.status).toBe(200);
    expect((await managed.json()).start).toBe(upcoming!.start);

    expect(overview.past.map((session) => session.id).sort()).toEqual([behind, unsent].sort());
    const shared = overview.past.find((session) => session.id === behind)!;
    expect(shared.sharedNotes).toBe('<p>We agreed on a <em>quieter calendar</em>.</p>');
    expect(shared.actionItems).toEqual([{ text: 'Draft the board memo', done: false }]);
    const draft = overview.past.find((session) => session.id === unsent)!;
    expect(draft.sharedNotes).toBeNull();
    const text = JSON.stringify(overview);
    for (const secret of ['Lisbon', 'Bo’s notes', 'Bo Lind', 'Draft, not sent']) expect(text).not.toContain(secret);
  });

  test('packages with what is left, their expiry and the ledger in words', async () => {
    const amara = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const created = await sendJson(
      'POST',
      '/api/admin/packages',
      { name: 'Five sessions', sessions: 5, sessionTypeIds: [1], validDays: 90, price: '' },
      { headers: admin.headers() },
    );
    expect(created.status).toBe(201);
    const granted = await sendJson(
      'POST',
      `/api/admin/clients/${amara.id}/packages`,
      { packageId: (await created.json()).id, note: 'Paid by bank transfer' },
      { headers: admin.headers() },
    );
    expect(granted.status).toBe(201);
    const { cookie } = await clientSignedIn(amara.id);
    const [held] = (await overviewOf(cookie)).packages;
    expect(held).toMatchObject({ name: 'Five sessions', sessions: 5, left: 5, expired: false });
    expect((Date.parse(held!.expiresAt!) - Date.now()) / 86_400_000).toBeCloseTo(90, 0);
    // Each movement with its reason, as the coach's ledger reads it.
    expect(held!.ledger).toEqual([{ at: expect.any(String), movement: 'Granted', amount: 5, reason: 'Paid by bank transfer' }]);
  });
});

describe('action items', () => {
  test('ticked off by the client: saved in the sealed notes, and the coach sees it', async () => {
    const amara = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const behind = await bookedBy('amara@example.com', 'Amara Obi', { past: true });
    await coachShares(behind, {
      privateNotes: '',
      sharedNotes: 'Good session.',
      actionItems: [
        { text: 'Draft the board memo', done: false },
        { text: 'Call the chair', done: false },
      ],
    });
    const { cookie } = await clientSignedIn(amara.id);
    const ticked = await tick(cookie, behind, 2, { done: true });
    expect(ticked.status).toBe(200);
    expect(await ticked.json()).toEqual([
      { text: 'Draft the board memo', done: false },
      { text: 'Call the chair', done: true },
    ]);
    const coachView = await request(`/api/admin/bookings/${behind}/notes`, { headers: admin.headers() });
    expect((await coachView.json()).notes.actionItems).toEqual([
      { text: 'Draft the board memo', done: false },
      { text: 'Call the chair', done: true },
    ]);
    expect((await overviewOf(cookie)).past[0]!.actionItems[1]).toEqual({ text: 'Call the chair', done: true });
  });

  test('another client’s session, an item that does not exist, a bad body and a cross-site request are refused, nothing changed', async () => {
    const amara = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const bo = await createClientRow(db(), 'Bo Lind', 'bo@example.com');
    const bosPast = await bookedBy('bo@example.com', 'Bo Lind', { past: true });
    await coachShares(bosPast, { privateNotes: '', sharedNotes: 'Bo’s notes', actionItems: [{ text: 'Bo’s item', done: false }] });
    const amaras = await clientSignedIn(amara.id);
    const notHers = await tick(amaras.cookie, bosPast, 1, { done: true });
    expect(notHers.status).toBe(404);
    expect(await notHers.json()).toEqual({ message: PORTAL_BOOKING_NOT_FOUND });
    const missing = await tick(amaras.cookie, 999_999, 1, { done: true });
    expect(await missing.json()).toEqual({ message: PORTAL_BOOKING_NOT_FOUND });
    const bos = await clientSignedIn(bo.id);
    const noItem = await tick(bos.cookie, bosPast, 2, { done: true });
    expect(noItem.status).toBe(404);
    expect(await noItem.json()).toEqual({ message: PORTAL_ACTION_ITEM_NOT_FOUND });
    const badBody = await tick(bos.cookie, bosPast, 1, { done: 'yes' });
    expect(badBody.status).toBe(400);
    expect(await badBody.json()).toEqual({ message: 'done must be true or false', field: 'done' });
    const crossSite = await tick(bos.cookie, bosPast, 1, { done: true }, 'https://evil.example');
    expect(crossSite.status).toBe(403);
    expect((await overviewOf(bos.cookie)).past[0]!.actionItems).toEqual([{ text: 'Bo’s item', done: false }]);
  });
});

test('over real SMTP: the sign-in email’s link works once, and a new email’s code works once', async () => {
  await createClientRow(db(), 'Amara Obi', 'amara@example.com');
  await db().delete(outboxEmails);
  const ask = () => sendJson('POST', '/api/portal/sign-in', { email: 'amara@example.com' }, { ip: '203.0.113.91' });
  const arrived = async (count: number) => {
    await settleAfterAnswer();
    await deliverDueEmails();
    return (await smtp.waitFor(count)).at(-1)!;
  };
  expect((await ask()).status).toBe(202);
  const first = await arrived(1);
  expect(first.parsed.subject).toBe('Your sign-in link for Summit Leadership Coaching');
  expect(first.envelopeTo).toEqual(['amara@example.com']);
  const { token } = signInOf(first.parsed.text!);
  expect(first.parsed.html).toContain(`href="http://localhost:3000/portal/sign-in?token=${token}"`);
  const linkSignIn = await sendJson('POST', '/api/portal/sign-in/link', { token });
  expect(linkSignIn.status).toBe(204);
  expect(portalCookieOf(linkSignIn)).not.toBeNull();
  expect((await sendJson('POST', '/api/portal/sign-in/link', { token })).status).toBe(400);

  expect((await ask()).status).toBe(202);
  const { code } = signInOf((await arrived(2)).parsed.text!);
  const codeSignIn = await sendJson('POST', '/api/portal/sign-in/code', { email: 'amara@example.com', code });
  expect(codeSignIn.status).toBe(204);
  expect((await sendJson('POST', '/api/portal/sign-in/code', { email: 'amara@example.com', code })).status).toBe(400);
});
