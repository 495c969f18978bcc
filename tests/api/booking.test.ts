// The visitor's side of booking a call: the slots, booking one (the invitations, races, limits and
// reminders), managing it through the signed link, and the invitation's delivery over SMTP. The
// coach's side is booking-admin.test.ts; the shared site is tests/helpers/booking.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { bookings, outboxEmails } from '#db/schema.ts';
import { deliverDueEmails } from '#server/mail/delivery.ts';
import { closeTransport } from '#server/mail/transport.ts';
import {
  BAD_LINK_MESSAGE,
  BOOKING_OFF_MESSAGE,
  CALL_CANCELLED_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  SLOT_UNAVAILABLE_MESSAGE,
} from '#server/services/booking/calls.ts';
import { queueDueReminders } from '#server/services/booking/reminders.ts';
import { typedApi } from '../helpers/api.ts';
import { request, sendJson } from '../helpers/app.ts';
import { HOUR, manageTokenIn, OWNER, parseInvite, setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { setEnv } from '../helpers/env.ts';
import { openAvailability } from '../helpers/open-availability.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { publicApi } = typedApi();
const { freshIp, setSetting, slots, book, outbox } = setupBookingSite(db);

describe('while booking is off (a fresh site)', () => {
  test('the slots and booking answer 404 with a message, and nothing is stored', async () => {
    await setSetting('bookingEnabled', false);
    const listed = await request('/api/booking/slots');
    expect(listed.status).toBe(404);
    expect(await listed.json()).toEqual({ message: BOOKING_OFF_MESSAGE });
    const booked = await book({ start: new Date(Date.now() + 5 * HOUR).toISOString() });
    expect(booked.status).toBe(404);
    expect(await booked.json()).toEqual({ message: BOOKING_OFF_MESSAGE });
    expect(await db().select().from(bookings)).toHaveLength(0);
  });
});

describe('GET /api/booking/slots', () => {
  test('lists free slots of the call length from now on, never cached', async () => {
    const response = await publicApi.booking.slots.$get({ query: {} });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body.callMinutes).toBe(30);
    expect(body.coachTimeZone).toBe('UTC');
    expect(body.slots.length).toBeGreaterThan(48);
    for (const slot of body.slots) {
      expect(new Date(slot.start).getTime()).toBeGreaterThanOrEqual(Date.now() - 60_000);
      expect(new Date(slot.end).getTime() - new Date(slot.start).getTime()).toBe(30 * 60_000);
      expect(new Date(slot.start).getUTCMinutes() % 30).toBe(0);
    }
  });
});

describe('POST /api/bookings', () => {
  test('a free slot is booked: 201, the row, and an invitation to the visitor and to the coach', async () => {
    const { slots: free } = await slots();
    const start = free[3]!.start;
    const response = await book({ start, topic: '  Leading a team through a merger  ' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ start, end: free[3]!.end, place: null });

    const [row] = await db().select().from(bookings);
    expect(row).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      topic: 'Leading a team through a merger',
      timeZone: 'America/New_York',
      status: 'confirmed',
      sequence: 0,
    });
    expect(row!.startsAt.toISOString()).toBe(start);

    const mails = await outbox();
    expect(mails.map((mail) => [mail.kind, mail.toAddress])).toEqual([
      ['booking_confirmation', 'grace@example.com'],
      ['booking_notice', OWNER],
    ]);
    for (const mail of mails) {
      expect(mail.calendar!.method).toBe('REQUEST');
      const invite = parseInvite(mail.calendar!.content);
      expect(invite).toMatchObject({
        method: 'REQUEST',
        uid: row!.uid,
        sequence: 0,
        start,
        end: free[3]!.end,
        organizer: `mailto:${OWNER}`,
        status: 'CONFIRMED',
      });
      expect(invite.attendees).toEqual(['mailto:grace@example.com']);
    }
    // Each reader sees the time in their own zone, named as /book names it (issue 32 §3).
    expect(mails[0]!.text).toContain('(Eastern Time — New York)');
    expect(mails[0]!.subject).toContain('(Eastern Time — New York)');
    expect(mails[0]!.text).not.toContain('America/New_York');
    expect(mails[1]!.text).toContain('(UTC)');
    expect(mails[1]!.text).toContain('Leading a team through a merger');
    expect(mails[1]!.headers['Reply-To']).toBe('"Grace Hopper" <grace@example.com>');
    expect(manageTokenIn(mails[0]!.text)).toMatch(/^\d+\./);
  });

  test('the same slot a second time is 409 with a clear message, and it is no longer offered', async () => {
    const { slots: free } = await slots();
    expect((await book({ start: free[0]!.start })).status).toBe(201);
    const second = await book({ start: free[0]!.start, email: 'other@example.com' });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ message: SLOT_TAKEN_MESSAGE });
    expect((await slots()).slots.map((slot) => slot.start)).not.toContain(free[0]!.start);
    expect(await db().select().from(bookings)).toHaveLength(1);
  });

  test('20 visitors taking one slot at once: exactly one 201, the others 409, one row', async () => {
    const { slots: free } = await slots();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book({ start: free[5]!.start, email: `racer${i}@example.com` })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    expect(await db().select().from(bookings)).toHaveLength(1);
    expect((await outbox()).filter((mail) => mail.kind === 'booking_confirmation')).toHaveLength(1);
  });

  test('a time that is not offered is 400 (off the grid, in the past, past the window)', async () => {
    const { slots: free } = await slots();
    const offGrid = new Date(new Date(free[2]!.start).getTime() + 7 * 60_000).toISOString();
    for (const start of [offGrid, new Date(Date.now() - 2 * HOUR).toISOString(), new Date(Date.now() + 10 * 24 * HOUR).toISOString()]) {
      const response = await book({ start });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: SLOT_UNAVAILABLE_MESSAGE });
    }
    expect(await db().select().from(bookings)).toHaveLength(0);
  });

  test('bad fields are 400 naming the problem, and nothing is stored', async () => {
    const { slots: free } = await slots();
    const start = free[0]!.start;
    const cases: [Record<string, unknown>, string][] = [
      [{ start, name: 'G' }, 'Name must be at least 2 characters'],
      [{ start, email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ start, timeZone: 'Mars/Olympus' }, 'Time zone must be an IANA time zone such as Europe/London'],
      [{ start: 'tomorrow' }, 'Start must be a date and time (ISO 8601)'],
      [{ start, topic: 'x'.repeat(2001) }, 'Topic must be at most 2000 characters'],
      [{ start, admin: true }, 'Unknown field: admin'],
    ];
    for (const [body, message] of cases) {
      const response = await book(body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(message);
    }
    expect(await db().select().from(bookings)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  test('the honeypot answers like a booking and stores nothing', async () => {
    const { slots: free } = await slots();
    const response = await book({ start: free[0]!.start, website: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect(await db().select().from(bookings)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  test('one network may book 5 calls an hour; the 6th is 429 with Retry-After', async () => {
    const { slots: free } = await slots();
    // Each from its own address, so only the network's limit is in play.
    for (let i = 0; i < 5; i++)
      expect((await book({ start: free[i * 2]!.start, email: `net${i}@example.com` }, '192.0.2.77')).status).toBe(201);
    const sixth = await book({ start: free[11]!.start, email: 'net5@example.com' }, '192.0.2.77');
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await sixth.json()).message).toMatch(/^Too many bookings from this network\. Try again in \d+ minutes?\.$/);
    expect(await db().select().from(bookings)).toHaveLength(5);
  });

  test('one address may book 3 sessions a day from any network, whatever its case; the 4th is 429 with Retry-After and writes nothing', async () => {
    const { slots: free } = await slots();
    for (const [i, email] of ['grace@example.com', 'GRACE@example.com', 'Grace@Example.COM'].entries()) {
      expect((await book({ start: free[i * 2]!.start, email })).status).toBe(201);
    }
    const before = (await outbox()).length;
    const fourth = await book({ start: free[9]!.start, email: 'gRaCe@EXAMPLE.com' }, '203.0.113.201');
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    expect(await fourth.json()).toEqual({
      message: 'Too many bookings for this email address today. Try again in 24 hours, or write to the coach.',
    });
    expect(await db().select().from(bookings)).toHaveLength(3);
    expect(await outbox()).toHaveLength(before);
    // Another address from the same network still books.
    expect((await book({ start: free[9]!.start, email: 'ada@example.com' }, '203.0.113.201')).status).toBe(201);
  });

  test("a refused booking (the slot just taken) does not use up the address's allowance", async () => {
    const { slots: free } = await slots();
    expect((await book({ start: free[0]!.start, email: 'first@example.com' })).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await book({ start: free[0]!.start })).status).toBe(409);
    for (let i = 1; i <= 3; i++) expect((await book({ start: free[i * 2]!.start })).status).toBe(201);
  });

  test('a daily cap: once a day is full its other slots are 409 and no longer offered', async () => {
    await setSetting('bookingAvailability', openAvailability({ dailyCap: 1, horizonDays: 3 }));
    const { slots: free } = await slots();
    // A slot on tomorrow's date (UTC), so the whole day is inside the window.
    const tomorrow = new Date(Date.now() + 24 * HOUR).toISOString().slice(0, 10);
    const sameDay = free.filter((slot) => slot.start.startsWith(tomorrow));
    expect((await book({ start: sameDay[0]!.start })).status).toBe(201);
    const second = await book({ start: sameDay[4]!.start });
    expect(second.status).toBe(409);
    expect((await slots()).slots.some((slot) => slot.start.startsWith(tomorrow))).toBe(false);
  });

  test('a call booked less than a day ahead is not reminded; one further ahead is, once', async () => {
    const { slots: free } = await slots();
    const soon = free.find((slot) => new Date(slot.start).getTime() - Date.now() < 20 * HOUR)!;
    const later = free.find((slot) => new Date(slot.start).getTime() - Date.now() > 26 * HOUR)!;
    expect((await book({ start: soon.start, email: 'soon@example.com' })).status).toBe(201);
    expect((await book({ start: later.start, email: 'later@example.com' })).status).toBe(201);
    expect(await queueDueReminders()).toBe(0);
    // A day before the later call, its reminder is queued by one pass and never again.
    const dayBefore = new Date(new Date(later.start).getTime() - 23 * HOUR);
    expect(await queueDueReminders(dayBefore)).toBe(1);
    expect(await queueDueReminders(dayBefore)).toBe(0);
    const reminders = (await outbox()).filter((mail) => mail.kind === 'booking_reminder');
    expect(reminders.map((mail) => mail.toAddress)).toEqual(['later@example.com']);
    expect(reminders[0]!.subject).toContain('is tomorrow');
    expect(manageTokenIn(reminders[0]!.text)).toMatch(/^\d+\./);
  });
});

describe('the visitor manages their call through the signed link', () => {
  async function bookedWithToken(index = 4) {
    const { slots: free } = await slots();
    expect((await book({ start: free[index]!.start })).status).toBe(201);
    const confirmation = (await outbox()).find((mail) => mail.kind === 'booking_confirmation')!;
    await db().delete(outboxEmails);
    const [row] = await db().select().from(bookings);
    return { token: manageTokenIn(confirmation.text), row: row!, free };
  }

  test('the link shows the call; a forged or altered link is 404', async () => {
    const { token, row } = await bookedWithToken();
    const response = await request(`/api/bookings/manage?token=${token}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      session: 'intro call',
      // The intro call's rules on a fresh site: free to cancel or move until it starts, as often as wished, no credit.
      freeUntil: null,
      cancelCutoffHours: 0,
      reschedulesLeft: null,
      credit: null,
      paid: false,
      start: row.startsAt.toISOString(),
      end: row.endsAt.toISOString(),
      name: 'Grace Hopper',
      status: 'confirmed',
      timeZone: 'America/New_York',
      place: null,
    });
    const [id] = token.split('.');
    for (const bad of ['', 'abc', `${Number(id) + 1}.${token.split('.')[1]}`, `${id}.AAAAAAAAAAAAAAAAAAAAAA`]) {
      const refused = await request(`/api/bookings/manage?token=${encodeURIComponent(bad)}`);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: BAD_LINK_MESSAGE });
    }
  });

  test('cancel: both get METHOD:CANCEL with the same UID, the slot is free again, a second cancel is 409', async () => {
    const { token, row } = await bookedWithToken();
    const response = await typedApi(undefined, freshIp()).publicApi.bookings.manage.cancel.$post({ json: { token } });
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe('cancelled');
    const [stored] = await db().select().from(bookings).where(eq(bookings.id, row.id));
    expect(stored).toMatchObject({ status: 'cancelled', cancelledBy: 'visitor' });

    const mails = await outbox();
    expect(mails.map((mail) => [mail.kind, mail.toAddress])).toEqual([
      ['booking_cancelled', 'grace@example.com'],
      ['booking_cancelled_notice', OWNER],
    ]);
    for (const mail of mails)
      expect(parseInvite(mail.calendar!.content)).toMatchObject({ method: 'CANCEL', uid: row.uid, status: 'CANCELLED' });
    expect((await slots()).slots.map((slot) => slot.start)).toContain(row.startsAt.toISOString());

    const again = await sendJson('POST', '/api/bookings/manage/cancel', { token }, { ip: freshIp() });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: CALL_CANCELLED_MESSAGE });
  });

  test('reschedule: the same event moves (SEQUENCE 1), the old time is free, a taken time is 409', async () => {
    const { token, row, free } = await bookedWithToken(4);
    expect((await book({ start: free[8]!.start, email: 'someone@example.com' })).status).toBe(201);
    await db().delete(outboxEmails);

    const taken = await sendJson('POST', '/api/bookings/manage/reschedule', { token, start: free[8]!.start }, { ip: freshIp() });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: SLOT_TAKEN_MESSAGE });

    const moved = await sendJson('POST', '/api/bookings/manage/reschedule', { token, start: free[10]!.start }, { ip: freshIp() });
    expect(moved.status).toBe(200);
    const [stored] = await db().select().from(bookings).where(eq(bookings.id, row.id));
    expect(stored).toMatchObject({ uid: row.uid, sequence: 1, status: 'confirmed' });
    expect(stored!.startsAt.toISOString()).toBe(free[10]!.start);

    const mails = await outbox();
    expect(mails.map((mail) => mail.kind)).toEqual(['booking_moved', 'booking_moved_notice']);
    for (const mail of mails)
      expect(parseInvite(mail.calendar!.content)).toMatchObject({ method: 'REQUEST', uid: row.uid, sequence: 1, start: free[10]!.start });
    expect((await slots()).slots.map((slot) => slot.start)).toContain(free[4]!.start);
  });
});

describe('delivery', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.stop());

  test('the invitation arrives over SMTP as text/calendar; method=REQUEST', async () => {
    const undo = setEnv({ SMTP_URL: smtp.url, MAIL_FROM: '"Summit Coaching" <hello@coach.example>', SMTP_MAX_PER_SECOND: '1000' });
    try {
      const { slots: free } = await slots();
      expect((await book({ start: free[1]!.start })).status).toBe(201);
      while ((await deliverDueEmails()) > 0);
      const received = await smtp.waitFor(2);
      const toVisitor = received.find((mail) => mail.envelopeTo.includes('grace@example.com'))!;
      expect(toVisitor.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
      const attachment = toVisitor.parsed.attachments.find(
        (file) => file.contentType === 'application/ics' || file.filename === 'invite.ics',
      );
      expect(attachment).toBeDefined();
      expect(parseInvite(attachment!.content.toString('utf8')).method).toBe('REQUEST');
      // The zone arrives named as /book names it, the dash intact through the headers' encoding (issue 32 §3).
      expect(toVisitor.parsed.subject).toEndWith('(Eastern Time — New York)');
      expect(toVisitor.parsed.text).toContain('(Eastern Time — New York)');
    } finally {
      closeTransport();
      undo();
    }
  });
});
