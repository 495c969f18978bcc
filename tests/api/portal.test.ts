// What a signed-in client sees and changes in the portal (issue 36 §2, §3): their sessions ahead
// with the rules and the same manage key as the email's link, the sessions behind them with the
// notes the coach shared, their packages with the ledger in words; action items ticked off and seen
// by the coach; nothing of another client's, whose ids answer 404. And the sign-in email delivered
// over real SMTP, its link and its code each working once.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { auditLog, bookings, clientPackages, clientSessions, outboxEmails, portalSignIns, rateLimits } from '#db/schema.ts';
import { settleAfterAnswer } from '#server/jobs/after-answer.ts';
import { deliverDueEmails } from '#server/mail/delivery.ts';
import { closeTransport } from '#server/mail/transport.ts';
import { queueDueReminders } from '#server/services/booking/reminders.ts';
import { queueCreditNotices } from '#server/services/practice/credit-notices.ts';
import {
  ANSWERS_ALREADY_GIVEN,
  ERASURE_ALREADY_REQUESTED,
  ERASURE_REQUESTED,
  PORTAL_ACTION_ITEM_NOT_FOUND,
  PORTAL_BOOKING_NOT_FOUND,
  type PortalOverview,
} from '#src/schemas/portal.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { HOUR, setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { clientSignedIn, createClientRow, portalCookieOf, signInOf } from '../helpers/portal.ts';
import { COACHING, clearPractice } from '../helpers/practice.ts';
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

/**
 * An intro call booked in `email`'s name at the `index`th open slot (`later`: of those more than 26
 * hours ahead, so its reminder is still due); `past` moves it back before now.
 */
async function bookedBy(email: string, name: string, { index = 0, past = false, later = false } = {}) {
  const { slots: open } = await slots();
  const choices = later ? open.filter((slot) => Date.parse(slot.start) - Date.now() > 26 * HOUR) : open;
  const response = await book({ start: choices[index]!.start, name, email });
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

test('“Add to calendar”: the invitation’s own event, pointing to the portal; another client’s session is not found', async () => {
  const amara = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
  const hers = await bookedBy('amara@example.com', 'Amara Obi');
  const bos = await bookedBy('bo@example.com', 'Bo Lind', { index: 1 });
  const { cookie } = await clientSignedIn(amara.id);
  const response = await request(`/api/portal/me/sessions/${hers}/calendar`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const event = ICAL.Component.fromString(await response.text()).getFirstSubcomponent('vevent')!;
  const [row] = await db().select().from(bookings).where(eq(bookings.id, hers));
  expect(event.getFirstPropertyValue('uid')).toBe(row!.uid);
  expect(event.getFirstPropertyValue('summary')).toBe('Intro call');
  expect(event.getFirstPropertyValue('description')).toBe('http://localhost:3000/portal');
  expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime()).toBe(row!.startsAt.getTime());
  const theirs = await request(`/api/portal/me/sessions/${bos}/calendar`, { headers: { Cookie: cookie } });
  expect(theirs.status).toBe(404);
  expect(await theirs.json()).toEqual({ message: PORTAL_BOOKING_NOT_FOUND });
});

test('intake questions of a session booked without them: shown until answered, answered once, refusals name the question', async () => {
  const amara = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
  const question = {
    id: 'goal',
    kind: 'long' as const,
    label: 'What would you like from this session?',
    required: true,
    options: [] as string[],
  };
  const made = await sendJson(
    'POST',
    '/api/admin/session-types',
    { ...COACHING, slug: 'asking-hour', access: 'anyone', questions: [question] },
    { headers: admin.headers() },
  );
  expect(made.status).toBe(201);
  const { slots: open } = await (await request('/api/booking/slots?type=asking-hour')).json();
  const booked = await book({
    start: open[0].start,
    name: 'Amara Obi',
    email: 'amara@example.com',
    sessionType: 'asking-hour',
    answers: { goal: 'x' },
  });
  expect(booked.status).toBe(201);
  const [row] = await db().select().from(bookings).orderBy(desc(bookings.id)).limit(1);
  // As the coach's series books it: no answers yet.
  await db().update(bookings).set({ answers: null }).where(eq(bookings.id, row!.id));
  const { cookie } = await clientSignedIn(amara.id);
  expect((await overviewOf(cookie)).upcoming[0]!.questions).toEqual([question]);
  const answer = (answers: unknown) =>
    sendJson('POST', `/api/portal/me/sessions/${row!.id}/answers`, { answers }, { headers: { Cookie: cookie } });
  const missing = await answer({});
  expect(missing.status).toBe(400);
  expect(await missing.json()).toEqual({ message: 'What would you like from this session?: an answer is required', field: 'answers.goal' });
  expect((await answer({ goal: 'Prepare the board meeting' })).status).toBe(204);
  const [saved] = await db().select().from(bookings).where(eq(bookings.id, row!.id));
  expect(saved!.answers).toEqual([{ question: 'What would you like from this session?', answer: 'Prepare the board meeting' }]);
  expect((await overviewOf(cookie)).upcoming[0]!.questions).toBeNull();
  const again = await answer({ goal: 'Something else' });
  expect(again.status).toBe(409);
  expect(await again.json()).toEqual({ message: ANSWERS_ALREADY_GIVEN });
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

describe('booking from the portal', () => {
  test('the types a client may book: those /book lists for anyone, and those a package of theirs covers, with the credit named', async () => {
    const amara = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const type = async (slug: string, access: 'anyone' | 'clients' | 'private', listed: boolean) => {
      const made = await sendJson(
        'POST',
        '/api/admin/session-types',
        { ...COACHING, name: `Type ${slug}`, slug, access, listed },
        { headers: admin.headers() },
      );
      expect(made.status).toBe(201);
      return (await made.json()) as { id: number; privateKey: string };
    };
    await type('open-hour', 'anyone', true);
    await type('hidden-hour', 'anyone', false);
    const covered = await type('covered-hour', 'clients', false);
    await type('uncovered-hour', 'clients', true);
    const secret = await type('secret-hour', 'private', false);
    const pack = await sendJson(
      'POST',
      '/api/admin/packages',
      { name: 'Two sessions', sessions: 2, sessionTypeIds: [covered.id, secret.id], validDays: null, price: '' },
      { headers: admin.headers() },
    );
    const granted = await sendJson(
      'POST',
      `/api/admin/clients/${amara.id}/packages`,
      { packageId: (await pack.json()).id, note: '' },
      { headers: admin.headers() },
    );
    expect(granted.status).toBe(201);
    const { cookie } = await clientSignedIn(amara.id);
    expect((await overviewOf(cookie)).bookable).toEqual([
      { path: '/book/open-hour', name: 'Type open-hour', minutes: 60, credit: null },
      { path: '/book/covered-hour', name: 'Type covered-hour', minutes: 60, credit: { package: 'Two sessions', left: 2 } },
      {
        path: `/book/secret-hour?key=${secret.privateKey}`,
        name: 'Type secret-hour',
        minutes: 60,
        credit: { package: 'Two sessions', left: 2 },
      },
    ]);
  });

  test('/book knows who is signed in to the portal (null for anyone else, never a 401)', async () => {
    const amara = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const { cookie } = await clientSignedIn(amara.id);
    const signedIn = await request('/api/portal/session', { headers: { Cookie: cookie } });
    expect(await signedIn.json()).toEqual({ client: { id: amara.id, name: 'Amara Obi', email: 'amara@example.com', timeZone: null } });
    for (const headers of [{}, admin.headers()]) {
      const nobody = await request('/api/portal/session', { headers });
      expect(nobody.status).toBe(200);
      expect(await nobody.json()).toEqual({ client: null });
    }
  });
});

describe('their details and data', () => {
  test('name, time zone and the emails they want are saved; a bad value is a 400 naming the field', async () => {
    const amara = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const { cookie } = await clientSignedIn(amara.id);
    const put = (body: unknown) => sendJson('PUT', '/api/portal/me/profile', body, { headers: { Cookie: cookie } });
    const saved = await put({ name: '  Amara N. Obi ', timeZone: 'Africa/Lagos', reminders: false, creditNotices: false });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      name: 'Amara N. Obi',
      email: 'amara@example.com',
      timeZone: 'Africa/Lagos',
      reminders: false,
      creditNotices: false,
      erasureRequestedAt: null,
    });
    for (const [body, field] of [
      [{ name: '', timeZone: null, reminders: true, creditNotices: true }, 'name'],
      [{ name: 'A', timeZone: 'Mars/Olympus', reminders: true, creditNotices: true }, 'timeZone'],
      [{ name: 'A', timeZone: null, reminders: 'no', creditNotices: true }, 'reminders'],
      [{ name: 'A', timeZone: null, reminders: true, creditNotices: true, email: 'x@example.com' }, 'email'],
    ] as const) {
      const refused = await put(body);
      expect(refused.status).toBe(400);
      expect((await refused.json()).field).toBe(field);
    }
    expect((await overviewOf(cookie)).client.name).toBe('Amara N. Obi');
  });

  test('reminders turned off: the day-before reminder is not sent (and not sent later); credit notices likewise', async () => {
    const amara = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const { cookie } = await clientSignedIn(amara.id);
    await sendJson(
      'PUT',
      '/api/portal/me/profile',
      { name: 'Amara Obi', timeZone: null, reminders: false, creditNotices: false },
      { headers: { Cookie: cookie } },
    );
    const booked = await bookedBy('amara@example.com', 'Amara Obi', { later: true });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booked));
    expect(await queueDueReminders(new Date(row!.startsAt.getTime() - 23 * HOUR))).toBe(1);
    await queueDueReminders(new Date(row!.startsAt.getTime() - 22 * HOUR));
    const kinds = (await db().select().from(outboxEmails)).map((email) => email.kind);
    expect(kinds).not.toContain('booking_reminder');
    const [marked] = await db().select().from(bookings).where(eq(bookings.id, booked));
    expect(marked!.remindedAt).not.toBeNull();

    // A package with one credit: the "one credit left" note is not sent, and the package is marked.
    const pack = await sendJson(
      'POST',
      '/api/admin/packages',
      { name: 'One session', sessions: 1, sessionTypeIds: [1], validDays: null, price: '' },
      { headers: admin.headers() },
    );
    await sendJson(
      'POST',
      `/api/admin/clients/${amara.id}/packages`,
      { packageId: (await pack.json()).id, note: '' },
      { headers: admin.headers() },
    );
    await queueCreditNotices();
    expect((await db().select().from(outboxEmails)).map((email) => email.kind)).not.toContain('credit_low');
    const [grant] = await db().select().from(clientPackages).where(eq(clientPackages.clientId, amara.id));
    expect(grant!.lowNoticeAt).not.toBeNull();
  });

  test('a client who kept reminders on is reminded', async () => {
    await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const booked = await bookedBy('amara@example.com', 'Amara Obi', { later: true });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, booked));
    await queueDueReminders(new Date(row!.startsAt.getTime() - 23 * HOUR));
    expect((await db().select().from(outboxEmails)).filter((email) => email.kind === 'booking_reminder')).toHaveLength(1);
  });

  test('the export is the privacy export of their own address, as a download', async () => {
    const amara = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    await bookedBy('amara@example.com', 'Amara Obi');
    await bookedBy('bo@example.com', 'Bo Lind', { index: 1 });
    const { cookie } = await clientSignedIn(amara.id);
    const response = await request('/api/portal/me/export', { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="my-data.json"');
    const data = await response.json();
    expect(data.email).toBe('amara@example.com');
    expect(data.client.portal).toEqual({
      lastUsedAt: null,
      turnedOffAt: null,
      reminders: true,
      creditNotices: true,
      erasureRequestedAt: null,
    });
    expect(JSON.stringify(data)).toContain('Amara Obi');
    expect(JSON.stringify(data)).not.toContain('bo@example.com');
  });

  test('erasure is asked once, recorded in the audit log, listed in Admin → Privacy until the coach erases', async () => {
    const amara = await createClientRow(db(), 'Amara Obi', 'amara@example.com');
    const { cookie } = await clientSignedIn(amara.id);
    const asked = await sendJson('POST', '/api/portal/me/erasure', {}, { headers: { Cookie: cookie } });
    expect(asked.status).toBe(202);
    const body = await asked.json();
    expect(body.message).toBe(ERASURE_REQUESTED);
    expect(body.profile.erasureRequestedAt).not.toBeNull();
    const again = await sendJson('POST', '/api/portal/me/erasure', {}, { headers: { Cookie: cookie } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: ERASURE_ALREADY_REQUESTED });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'privacy.erasure_requested'), eq(auditLog.targetId, String(amara.id))));
    expect(audit).toMatchObject({ actorEmail: 'amara@example.com', targetType: 'client' });
    const listed = await request('/api/admin/privacy/erasure-requests', { headers: admin.headers() });
    expect(await listed.json()).toEqual([
      { clientId: amara.id, name: 'Amara Obi', email: 'amara@example.com', requestedAt: body.profile.erasureRequestedAt },
    ]);
    const erased = await sendJson('POST', '/api/admin/privacy/erase', { email: 'amara@example.com' }, { headers: admin.headers() });
    expect(erased.status).toBe(200);
    expect(await (await request('/api/admin/privacy/erasure-requests', { headers: admin.headers() })).json()).toEqual([]);
    // Erased, the client and their portal sessions are gone.
    expect((await request('/api/portal/me', { headers: { Cookie: cookie } })).status).toBe(401);
  });
});
