// The practice (issue 35 §2–§4) through the admin API and the visitor's links: clients (by hand,
// from a booking, from a message or an intro call; one per address), packages, the credit ledger
// (granted, used by a booking, returned in time, forfeited late or at a no-show, adjusted,
// expired; append-only), the cancellation rules, and privacy export and erase of all of it.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { asc, eq, sql } from 'drizzle-orm';
import {
  bookings,
  clientPackages,
  clients,
  contactMessages,
  creditLedger,
  CLIENT_STATUSES as DB_CLIENT_STATUSES,
  CREDIT_KINDS as DB_CREDIT_KINDS,
} from '#db/schema.ts';
import { callTime } from '#server/mail/booking-templates.ts';
import { deliverDueEmails } from '#server/mail/delivery.ts';
import { closeTransport } from '#server/mail/transport.ts';
import { CREDIT_NEEDED_MESSAGE } from '#server/services/booking/bookable.ts';
import { markNoShow, NO_CREDIT_TO_RETURN, NO_SHOW_TOO_EARLY } from '#server/services/booking/calls.ts';
import { queueCreditNotices } from '#server/services/practice/credit-notices.ts';
import { expireCredits } from '#server/services/practice/credits.ts';
import { erasePersonalData, personalDataExport } from '#server/services/privacy.ts';
import { createSessionType } from '#server/services/session-types.ts';
import { CLIENT_EMAIL_TAKEN, CLIENT_STATUSES } from '#src/schemas/client.ts';
import { ADJUST_BELOW_ZERO, CREDIT_KINDS, PACKAGE_TYPE_UNKNOWN } from '#src/schemas/credits.ts';
import { lateCancelMessage, lateMoveMessage, noMoreMovesMessage } from '#src/schemas/session-rules.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { HOUR, manageTokenIn, setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { COACHING, clearPractice } from '../helpers/practice.ts';
import { testSmtpForFile } from '../helpers/smtp.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { book, outbox } = setupBookingSite(db);
const admin = adminSession(db);

const ADA = {
  name: 'Ada Okafor',
  email: 'ada@example.com',
  phone: '',
  organisation: 'Summit Ltd',
  timeZone: 'Europe/London',
  status: 'active',
  tags: ['executive'],
};

const get = async (path: string) => {
  const response = await request(path, { headers: admin.headers() });
  return { status: response.status, body: await response.json() };
};
const post = async (path: string, body: unknown, method: 'POST' | 'PUT' = 'POST') => {
  const response = await sendJson(method, path, body, { headers: admin.headers() });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
};
const ledger = () => db().select().from(creditLedger).orderBy(asc(creditLedger.id));
const ledgerKinds = async () => (await ledger()).map((row) => [row.kind, row.amount]);

// The cancellation emails are delivered over real SMTP (an in-process server on loopback).
const smtp = testSmtpForFile();
let undoMail: () => void;
beforeEach(() => {
  undoMail = setEnv({ SMTP_URL: smtp.url, MAIL_FROM: '"Summit Coaching" <hello@coach.example>', SMTP_MAX_PER_SECOND: '1000' });
  smtp.received.length = 0;
});
afterEach(() => {
  closeTransport();
  undoMail();
});

/** Delivers what is queued and answers the client's cancellation as it arrived over SMTP. */
async function deliveredCancellation() {
  await deliverDueEmails();
  const arrived = await smtp.waitFor((await outbox()).length);
  const cancellation = arrived.find((mail) => mail.envelopeTo.includes(ADA.email) && mail.parsed.subject?.startsWith('Cancelled:'));
  expect(cancellation).toBeDefined();
  return { text: cancellation!.parsed.text ?? '' };
}

let coachingId: number;

async function clientWithPackage(sessions = 3, validDays: number | null = 90) {
  const client = await post('/api/admin/clients', ADA);
  expect(client.status).toBe(201);
  const pack = await post('/api/admin/packages', {
    name: 'Three sessions',
    sessions,
    sessionTypeIds: [coachingId],
    validDays,
    price: '£900',
  });
  expect(pack.status).toBe(201);
  const granted = await post(`/api/admin/clients/${client.body.id}/packages`, { packageId: pack.body.id, note: 'Paid by bank transfer' });
  expect(granted.status).toBe(201);
  return { clientId: client.body.id as number, grantId: granted.body[0].id as number };
}

/** A slot of the coaching session starting at least `hours` from now. */
async function slotFrom(hours: number) {
  const { slots } = await (await request('/api/booking/slots?type=coaching')).json();
  return slots.find((slot: { start: string }) => Date.parse(slot.start) >= Date.now() + hours * HOUR);
}

const bookCoaching = async (hours: number, email = ADA.email) =>
  book({ start: (await slotFrom(hours)).start, sessionType: 'coaching', name: 'Ada Okafor', email });

beforeEach(async () => {
  await clearPractice(db());
  coachingId = (await createSessionType(COACHING)).id;
});

describe('clients', () => {
  test('added by hand: one per address whatever its case; found by name, email, organisation or tag; filtered by status; paged', async () => {
    const made = await post('/api/admin/clients', { ...ADA, name: '  Ada Okafor ', tags: ['Executive', 'executive', 'sponsored'] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Ada Okafor',
      email: 'ada@example.com',
      tags: ['executive', 'sponsored'],
      source: 'manual',
      creditsLeft: 0,
    });
    expect(await post('/api/admin/clients', { ...ADA, email: 'ADA@example.com' })).toEqual({
      status: 409,
      body: { message: CLIENT_EMAIL_TAKEN },
    });
    expect(
      await post('/api/admin/clients', {
        ...ADA,
        email: 'grace@example.com',
        name: 'Grace Hopper',
        organisation: 'Navy',
        tags: [],
        status: 'past',
      }).then((r) => r.status),
    ).toBe(201);

    for (const [query, names] of [
      ['search=okafor', ['Ada Okafor']],
      ['search=EXAMPLE.COM', ['Ada Okafor', 'Grace Hopper']],
      ['search=navy', ['Grace Hopper']],
      ['search=sponsored', ['Ada Okafor']],
      ['search=100%25', []],
      ['status=past', ['Grace Hopper']],
      ['pageSize=1&page=2', ['Grace Hopper']],
    ] as const) {
      const { status, body } = await get(`/api/admin/clients?${query}`);
      expect(status).toBe(200);
      expect(body.clients.map((client: { name: string }) => client.name)).toEqual([...names]);
    }
    expect((await get('/api/admin/clients?status=former')).status).toBe(400);

    const edited = await post(`/api/admin/clients/${made.body.id}`, { ...ADA, phone: '+44 20 7946 0000', status: 'past' }, 'PUT');
    expect(edited.body).toMatchObject({ phone: '+44 20 7946 0000', status: 'past' });
    expect((await post(`/api/admin/clients/${made.body.id}`, { ...ADA, email: 'grace@example.com' }, 'PUT')).status).toBe(409);
    expect((await get('/api/admin/clients/999999')).status).toBe(404);
  });

  test('a booking of a session makes its client (the intro call does not, and is offered instead); a message can make one', async () => {
    const { clientId } = await clientWithPackage();
    expect((await bookCoaching(30, 'ADA@example.com')).status).toBe(201);
    const [coaching] = await db().select().from(bookings);
    expect(coaching!.clientId).toBe(clientId);

    const { slots } = await (await request('/api/booking/slots')).json();
    expect((await book({ start: slots.at(-1).start, name: 'Grace Hopper', email: 'grace@example.com' })).status).toBe(201);
    expect((await db().select().from(clients)).map((client) => client.email)).toEqual(['ada@example.com']);
    const intro = (await db().select().from(bookings).where(eq(bookings.email, 'grace@example.com')))[0]!;
    const offered = await post(`/api/admin/clients/from-booking/${intro.id}`, undefined);
    expect(offered.status).toBe(200);
    expect(offered.body).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', source: 'booking', status: 'prospect' });
    expect((await db().select().from(bookings).where(eq(bookings.id, intro.id)))[0]!.clientId).toBe(offered.body.id);
    // Again: the client they already are.
    expect((await post(`/api/admin/clients/from-booking/${intro.id}`, undefined)).body.id).toBe(offered.body.id);

    const [message] = await db()
      .insert(contactMessages)
      .values({ name: 'Lin Wu', email: 'lin@example.com', subject: 'Coaching for my team', message: 'Hello' })
      .returning();
    const fromMessage = await post(`/api/admin/clients/from-message/${message!.id}`, undefined);
    expect(fromMessage.body).toMatchObject({ name: 'Lin Wu', source: 'message' });

    // The client page: their bookings, the message, the credit movements and the emails sent, newest first.
    const detail = await get(`/api/admin/clients/${clientId}`);
    expect(detail.body.packages).toMatchObject([{ name: 'Three sessions', sessions: 3, left: 2 }]);
    expect(detail.body.timeline.map((event: { kind: string }) => event.kind).sort()).toEqual(['booking', 'credit', 'credit', 'email']);
    const lin = await get(`/api/admin/clients/${fromMessage.body.id}`);
    expect(lin.body.timeline).toMatchObject([{ kind: 'message', subject: 'Coaching for my team' }]);
  });
});

describe('packages and the credit ledger', () => {
  test('a package covers existing session types; granting one records its credits with the note', async () => {
    expect(await post('/api/admin/packages', { name: 'X', sessions: 3, sessionTypeIds: [999999], validDays: null, price: '' })).toEqual({
      status: 400,
      body: { message: PACKAGE_TYPE_UNKNOWN },
    });
    await clientWithPackage();
    const [row] = await ledger();
    expect(row).toMatchObject({ kind: 'granted', amount: 3, reason: 'Paid by bank transfer', bookingId: null });
    const [grant] = await db().select().from(clientPackages);
    expect(grant!.expiresAt!.getTime() - grant!.createdAt.getTime()).toBeGreaterThan(89 * 24 * HOUR);
  });

  test('a clients-only session needs a credit: 403 without one (no client is made); with one, it takes it and the emails say what is left', async () => {
    const refused = await bookCoaching(30, 'stranger@example.com');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: CREDIT_NEEDED_MESSAGE });
    expect(await db().select().from(clients)).toEqual([]);
    expect(await db().select().from(bookings)).toEqual([]);

    await clientWithPackage();
    expect((await bookCoaching(30)).status).toBe(201);
    expect(await ledgerKinds()).toEqual([
      ['granted', 3],
      ['used', -1],
    ]);
    const [booking] = await db().select().from(bookings);
    expect((await ledger())[1]!.bookingId).toBe(booking!.id);
    const [visitor, coach] = await outbox();
    // The cut-off in the visitor's own zone (New York), 24 real hours before the start.
    const cutoff = callTime(new Date(booking!.startsAt.getTime() - 24 * HOUR), 'America/New_York');
    expect(visitor!.text).toContain(`You can cancel or move it until ${cutoff}; after that, cancelling it uses up its credit.`);
    expect(cutoff).toContain('(Eastern Time — New York)');
    expect(visitor!.text).toContain('It can be moved once.');
    expect(coach!.text).toContain('It uses a credit: 2 credits left in their package “Three sessions”');
  });

  test('adjusted with a reason, never below zero; expired once past its date; the ledger is append-only', async () => {
    const { clientId, grantId } = await clientWithPackage(3, 30);
    const url = `/api/admin/clients/${clientId}/packages/${grantId}/adjust`;
    expect(await post(url, { amount: -4, reason: 'Counted twice' })).toEqual({ status: 400, body: { message: ADJUST_BELOW_ZERO } });
    expect((await post(url, { amount: 0, reason: 'x' })).status).toBe(400);
    expect((await post(url, { amount: 2, reason: '' })).body.field).toBe('reason');
    const adjusted = await post(url, { amount: 2, reason: 'Goodwill' });
    expect(adjusted.body[0]).toMatchObject({ left: 5 });
    // The list says what is left across the packages that have not expired; an expired one counts for nothing.
    const listed = async () => (await get('/api/admin/clients')).body.clients.map((c: { creditsLeft: number }) => c.creditsLeft);
    expect(await listed()).toEqual([5]);
    await db()
      .update(clientPackages)
      .set({ expiresAt: new Date(Date.now() - HOUR) });
    expect(await listed()).toEqual([0]);
    await db()
      .update(clientPackages)
      .set({ expiresAt: new Date(Date.now() + 30 * 24 * HOUR) });
    expect((await post(`/api/admin/clients/${clientId}/packages/999999/adjust`, { amount: 1, reason: 'x' })).status).toBe(404);

    expect(await expireCredits(new Date(Date.now() + 29 * 24 * HOUR))).toBe(0);
    expect(await expireCredits(new Date(Date.now() + 31 * 24 * HOUR))).toBe(1);
    expect(await expireCredits(new Date(Date.now() + 32 * 24 * HOUR))).toBe(0);
    expect(await ledgerKinds()).toEqual([
      ['granted', 3],
      ['adjusted', 2],
      ['expired', -5],
    ]);

    const changed = await db()
      .execute(sql`update credit_ledger set amount = 100`)
      .then(
        () => 'changed',
        (error: Error) => `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`,
      );
    expect(changed).toContain('The credit ledger is append-only');
    expect((await ledger()).map((row) => row.amount)).toEqual([3, 2, -5]);
  });
});

describe('the package emails', () => {
  test('one when a single credit is left and one 14 days before unused credits expire, each once, even with two passes at once', async () => {
    await clientWithPackage(3, 30);
    expect((await bookCoaching(30)).status).toBe(201);
    expect(await queueCreditNotices()).toBe(0);
    expect((await bookCoaching(40)).status).toBe(201);
    const [first, second] = await Promise.all([queueCreditNotices(), queueCreditNotices()]);
    expect(first + second).toBe(1);
    const low = (await outbox()).filter((mail) => mail.kind === 'credit_low');
    expect(low.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      ['ada@example.com', 'One session left in your package “Three sessions”'],
    ]);
    expect(low[0]!.text).toMatch(/You have one session credit left in your package “Three sessions”, to use by \d{1,2} \w+ \d{4}\./);

    expect(await queueCreditNotices(new Date(Date.now() + 15 * 24 * HOUR))).toBe(0);
    expect(await queueCreditNotices(new Date(Date.now() + 17 * 24 * HOUR))).toBe(1);
    expect(await queueCreditNotices(new Date(Date.now() + 18 * 24 * HOUR))).toBe(0);
    const expiring = (await outbox()).filter((mail) => mail.kind === 'credits_expiring');
    expect(expiring.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your session credit expires on \d{1,2} \w+ \d{4}$/)]);
    expect(expiring[0]!.text).toContain('You have 1 session credit left in your package “Three sessions”. Unused credits expire on ');

    // Past its date the pass writes off what is left.
    await queueCreditNotices(new Date(Date.now() + 31 * 24 * HOUR));
    expect((await ledgerKinds()).at(-1)).toEqual(['expired', -1]);
  });
});

describe('the cancellation rules', () => {
  test('cancelled before the cut-off: the credit comes back, and the emails say so', async () => {
    await clientWithPackage();
    expect((await bookCoaching(30)).status).toBe(201);
    const token = manageTokenIn((await outbox())[0]!.text);
    const managed = await (await request(`/api/bookings/manage?token=${token}`)).json();
    expect(managed).toMatchObject({
      cancelCutoffHours: 24,
      reschedulesLeft: 1,
      credit: { package: 'Three sessions', left: 2, state: 'used' },
    });
    const cancelled = await sendJson('POST', '/api/bookings/manage/cancel', { token });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', credit: { left: 3, state: 'returned' } });
    expect(await ledgerKinds()).toEqual([
      ['granted', 3],
      ['used', -1],
      ['returned', 1],
    ]);
    const sent = (await outbox()).filter((mail) => mail.kind === 'booking_cancelled');
    expect(sent[0]!.text).toContain('Its credit is back: 3 credits left in your package “Three sessions”');
    expect((await deliveredCancellation()).text).toContain('Its credit is back: 3 credits left in your package “Three sessions”');
  });

  test('after the cut-off: moving is refused; cancelling says the rule and needs a confirmation, then the credit is forfeited', async () => {
    await clientWithPackage();
    expect((await bookCoaching(2)).status).toBe(201);
    const token = manageTokenIn((await outbox())[0]!.text);
    const later = await slotFrom(30);
    const moved = await sendJson('POST', '/api/bookings/manage/reschedule', { token, start: later.start });
    expect(moved.status).toBe(409);
    expect(await moved.json()).toEqual({ message: lateMoveMessage(24) });

    const asked = await sendJson('POST', '/api/bookings/manage/cancel', { token });
    expect(asked.status).toBe(409);
    expect(await asked.json()).toEqual({ message: lateCancelMessage(24) });
    expect(await ledgerKinds()).toEqual([
      ['granted', 3],
      ['used', -1],
    ]);
    const confirmed = await sendJson('POST', '/api/bookings/manage/cancel', { token, late: true });
    expect(await confirmed.json()).toMatchObject({ status: 'cancelled', credit: { left: 2, state: 'forfeited' } });
    expect(await ledgerKinds()).toEqual([
      ['granted', 3],
      ['used', -1],
      ['forfeited', 0],
    ]);
    const sent = (await outbox()).filter((mail) => mail.kind === 'booking_cancelled');
    expect(sent[0]!.text).toContain('As it was cancelled after the cut-off, its credit stays used: 2 credits left');
    expect((await deliveredCancellation()).text).toContain('As it was cancelled after the cut-off, its credit stays used: 2 credits left');

    // The coach's override gives it back, with the reason in the ledger; twice is refused.
    const [booking] = await db().select().from(bookings);
    const returned = await post(`/api/admin/bookings/${booking!.id}/return-credit`, { reason: 'Family emergency' });
    expect(returned.status).toBe(200);
    expect((await ledger()).at(-1)).toMatchObject({ kind: 'returned', amount: 1, reason: 'Returned by the coach: Family emergency' });
    expect(await post(`/api/admin/bookings/${booking!.id}/return-credit`, { reason: 'Again' })).toEqual({
      status: 409,
      body: { message: NO_CREDIT_TO_RETURN },
    });
  });

  test('a session moves at most as often as its type allows; a move to its own time is no change', async () => {
    await clientWithPackage();
    expect((await bookCoaching(30)).status).toBe(201);
    const token = manageTokenIn((await outbox())[0]!.text);
    const [booking] = await db().select().from(bookings);
    const mailsBefore = (await outbox()).length;
    const same = await sendJson('POST', '/api/bookings/manage/reschedule', { token, start: booking!.startsAt.toISOString() });
    expect(same.status).toBe(200);
    expect(await outbox()).toHaveLength(mailsBefore);
    expect((await db().select().from(bookings))[0]).toMatchObject({ sequence: 0, reschedules: 0 });

    const { slots } = await (await request(`/api/bookings/manage/slots?token=${token}`)).json();
    const other = slots.find((slot: { start: string }) => Date.parse(slot.start) > booking!.startsAt.getTime() + 2 * HOUR);
    expect((await sendJson('POST', '/api/bookings/manage/reschedule', { token, start: other.start })).status).toBe(200);
    const again = await sendJson('POST', '/api/bookings/manage/reschedule', { token, start: booking!.startsAt.toISOString() });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: noMoreMovesMessage(1) });
  });

  test('a no-show is marked only once the session has started, and forfeits its credit', async () => {
    await clientWithPackage();
    expect((await bookCoaching(30)).status).toBe(201);
    const [booking] = await db().select().from(bookings);
    expect(await post(`/api/admin/bookings/${booking!.id}/no-show`, { reason: '' })).toEqual({
      status: 409,
      body: { message: NO_SHOW_TOO_EARLY },
    });
    await markNoShow(booking!.id, 'Did not join', new Date(booking!.startsAt.getTime() + 10 * 60_000));
    expect((await ledger()).at(-1)).toMatchObject({
      kind: 'forfeited',
      amount: 0,
      reason: 'No-show: Did not join',
      bookingId: booking!.id,
    });
    expect((await db().select().from(bookings))[0]!.noShowAt).not.toBeNull();
  });
});

describe('concurrency', () => {
  test('twenty bookings racing against a balance of three: three bookings, three used rows, seventeen clear refusals', async () => {
    // All twenty are one client's address: lift its daily booking cap (booking.test.ts) so the credits alone decide.
    const undo = setEnv({ BOOKING_LIMIT_PER_ADDRESS_PER_DAY: '1000' });
    await clientWithPackage(3);
    const { slots } = await (await request('/api/booking/slots?type=coaching')).json();
    const answers = await Promise.all(
      slots
        .slice(0, 20)
        .map((slot: { start: string }) => book({ start: slot.start, sessionType: 'coaching', name: 'Ada Okafor', email: ADA.email })),
    ).finally(undo);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(17).fill(403)]);
    for (const refused of answers.filter((answer) => answer.status === 403))
      expect(await refused.json()).toEqual({ message: CREDIT_NEEDED_MESSAGE });
    expect(await db().select().from(bookings)).toHaveLength(3);
    expect((await ledgerKinds()).filter(([kind]) => kind === 'used')).toHaveLength(3);
    expect((await ledger()).reduce((sum, row) => sum + row.amount, 0)).toBe(0);
  });
});

test('the database and the schemas list the same client statuses and credit kinds', () => {
  expect([...CLIENT_STATUSES]).toEqual([...DB_CLIENT_STATUSES]);
  expect([...CREDIT_KINDS]).toEqual([...DB_CREDIT_KINDS]);
});

describe('privacy', () => {
  test('the export holds the client record, packages and credit movements; erase removes them all', async () => {
    await clientWithPackage();
    expect((await bookCoaching(30)).status).toBe(201);
    const exported = await personalDataExport(ADA.email);
    expect(exported.client).toMatchObject({ name: 'Ada Okafor', organisation: 'Summit Ltd', tags: ['executive'] });
    expect(exported.client!.packages).toMatchObject([{ name: 'Three sessions', sessions: 3, note: 'Paid by bank transfer' }]);
    expect(exported.client!.creditMovements.map((movement) => movement.kind)).toEqual(['granted', 'used']);

    const counts = await erasePersonalData('ADA@example.com');
    expect(counts).toMatchObject({ clients: 1, bookings: 1 });
    expect(await db().select().from(clients)).toEqual([]);
    expect(await db().select().from(clientPackages)).toEqual([]);
    expect(await ledger()).toEqual([]);
  });
});
