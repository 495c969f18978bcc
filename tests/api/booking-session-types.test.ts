// Booking a session type at /book/{slug} (issue 35 §1): its slots follow its own length, buffer,
// notice and daily cap; its intake answers are checked, kept with the booking as asked, shown in
// the coach's email and erased with the topic; a private type needs its link's key, a clients-only
// type a credit; a change of its place moves its upcoming sessions only.
import { beforeEach, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { bookings, sessionTypes } from '#db/schema.ts';
import { CREDIT_NEEDED_MESSAGE } from '#server/services/booking/bookable.ts';
import { BAD_LINK_MESSAGE, SLOT_TAKEN_MESSAGE } from '#server/services/booking/calls.ts';
import { eraseOldTopics } from '#server/services/booking/reminders.ts';
import { personalDataExport } from '#server/services/privacy.ts';
import { createSessionType, introSessionTypeId } from '#server/services/session-types.ts';
import { SESSION_TYPE_NOT_FOUND, type SessionType, type SessionTypeInput } from '#src/schemas/session-type.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { HOUR, manageTokenIn, OWNER, parseInvite, setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { openAvailability } from '../helpers/open-availability.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const { setSetting, book, outbox } = setupBookingSite(db);
const admin = adminSession(db);

const COACHING: SessionTypeInput = {
  name: 'Coaching session',
  slug: 'coaching',
  description: 'Sixty minutes on what matters most to you now.',
  minutes: 60,
  bufferMinutes: 30,
  minNoticeHours: 3,
  dailyCap: null,
  location: { kind: 'phone', phone: '+44 20 7946 0000' },
  access: 'anyone',
  listed: true,
  cancelCutoffHours: 24,
  maxReschedules: null,
  priceMinor: null,
  questions: [
    { id: 'goal', kind: 'long', label: 'What would you like to work on?', required: true, options: [] },
    { id: 'role', kind: 'single', label: 'Your role', required: false, options: ['Manager', 'Director', 'Founder'] },
    { id: 'topics', kind: 'multiple', label: 'Topics', required: false, options: ['Delegation', 'Presence'] },
    { id: 'first', kind: 'yesno', label: 'Is this your first session?', required: true, options: [] },
  ],
};
const ANSWERS = { goal: 'Delegating without losing the thread', role: 'Director', topics: ['Presence', 'Delegation'], first: true };

const addType = (input: Partial<SessionTypeInput> = {}): Promise<SessionType> => createSessionType({ ...COACHING, ...input });

async function slotsOf(query: string) {
  const response = await request(`/api/booking/slots?${query}`);
  return { status: response.status, body: await response.json() };
}

const bookingRows = () => db().select().from(bookings).orderBy(asc(bookings.id));

beforeEach(async () => {
  await db().delete(sessionTypes).where(eq(sessionTypes.intro, false));
});

describe('the slots of a session type', () => {
  test('follow its own length, buffer and notice; /book without a type is still the intro call', async () => {
    await addType();
    const { status, body } = await slotsOf('type=coaching');
    expect(status).toBe(200);
    expect(body.callMinutes).toBe(60);
    expect(body.place).toEqual({ kind: 'phone', phone: '+44 20 7946 0000' });
    const starts = body.slots.map((slot: { start: string }) => Date.parse(slot.start));
    // 60 minutes and a 30-minute buffer: a new start every 90 minutes, the first three hours away at least.
    expect(starts[0]).toBeGreaterThanOrEqual(Date.now() + 3 * HOUR - 60_000);
    for (const [index, start] of starts.slice(1).entries()) {
      expect(start - starts[index]).toBeGreaterThanOrEqual(90 * 60_000);
    }
    for (const slot of body.slots) expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(60 * 60_000);

    const intro = await slotsOf('');
    expect(intro.body.callMinutes).toBe(30);
    expect(intro.body.place).toBeNull();
    expect((await slotsOf('type=intro-call')).body).toEqual(intro.body);
  });

  test('an unknown type is a 404 naming it; a bad query is a 400', async () => {
    expect(await slotsOf('type=nothing-here')).toEqual({ status: 404, body: { message: SESSION_TYPE_NOT_FOUND } });
    expect((await slotsOf(`type=${'x'.repeat(201)}`)).status).toBe(400);
  });

  test('a type’s daily cap counts its own sessions only; the coach’s cap counts all', async () => {
    await addType({ minNoticeHours: 0, dailyCap: 1 });
    const day = (iso: string) => iso.slice(0, 10);
    // The first of tomorrow's (UTC, the coach's zone here), so the day has later times free.
    const tomorrow = day(new Date(Date.now() + 24 * HOUR).toISOString());
    const first = (await slotsOf('type=coaching')).body.slots.find((slot: { start: string }) => day(slot.start) === tomorrow);
    expect((await book({ start: first.start, sessionType: 'coaching', answers: ANSWERS })).status).toBe(201);
    const after = (await slotsOf('type=coaching')).body.slots;
    expect(after.some((slot: { start: string }) => day(slot.start) === day(first.start))).toBe(false);
    const introAfter = (await slotsOf('')).body.slots;
    expect(introAfter.some((slot: { start: string }) => day(slot.start) === day(first.start))).toBe(true);

    // Another session of it that day is refused even when the time itself is free.
    const sameDay = introAfter.find((slot: { start: string }) => day(slot.start) === day(first.start) && slot.start > first.end);
    const refused = await book({ start: sameDay.start, sessionType: 'coaching', answers: ANSWERS });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: SLOT_TAKEN_MESSAGE });
    expect(await bookingRows()).toHaveLength(1);

    await setSetting('bookingAvailability', openAvailability({ dailyCap: 1 }));
    expect((await slotsOf('')).body.slots.some((slot: { start: string }) => day(slot.start) === day(first.start))).toBe(false);
  });
});

describe('booking a session type', () => {
  test('stores the type and the answers as asked; the emails name the session and the coach’s lists the answers', async () => {
    const type = await addType({ minNoticeHours: 0 });
    const { slots } = (await slotsOf('type=coaching')).body;
    const response = await book({ start: slots[0].start, sessionType: 'coaching', answers: { ...ANSWERS, role: '' } });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      start: slots[0].start,
      end: slots[0].end,
      place: { kind: 'phone', phone: '+44 20 7946 0000' },
    });

    const [row] = await bookingRows();
    expect(row!.sessionTypeId).toBe(type.id);
    expect(row!.endsAt.getTime() - row!.startsAt.getTime()).toBe(60 * 60_000);
    // In the questions' order, the empty optional answer dropped, each with the question's text.
    expect(row!.answers).toEqual([
      { question: 'What would you like to work on?', answer: 'Delegating without losing the thread' },
      { question: 'Topics', answer: ['Presence', 'Delegation'] },
      { question: 'Is this your first session?', answer: true },
    ]);

    const [visitor, coach] = await outbox();
    expect(visitor!.subject).toStartWith('Your Coaching session with ');
    expect(visitor!.text).toContain('Your 60-minute Coaching session is booked for ');
    expect(visitor!.text).not.toContain('Delegating');
    expect(coach!.toAddress).toBe(OWNER);
    expect(coach!.subject).toStartWith('New Coaching session: Grace Hopper, ');
    expect(coach!.text).toContain('booked a Coaching session for ');
    expect(coach!.text).toContain(
      'Their answers:\n\nWhat would you like to work on?: Delegating without losing the thread\n\nTopics: Presence, Delegation\n\nIs this your first session?: Yes',
    );
    const invite = parseInvite(coach!.calendar!.content);
    expect(invite.end).toBe(slots[0].end);

    // The coach's list shows the session and the answers.
    const listed = await (await request('/api/admin/bookings?when=upcoming', { headers: admin.headers() })).json();
    expect(listed.bookings[0]).toMatchObject({ id: row!.id, session: 'Coaching session', answers: row!.answers });

    // The manage link tells the visitor what they booked, and offers its own type's times to move to.
    const token = manageTokenIn(visitor!.text);
    const managed = await (await request(`/api/bookings/manage?token=${token}`)).json();
    expect(managed).toMatchObject({ session: 'Coaching session', name: 'Grace Hopper' });
    const moves = await request(`/api/bookings/manage/slots?token=${token}`);
    expect(moves.status).toBe(200);
    const { callMinutes, slots: movable } = await moves.json();
    expect(callMinutes).toBe(60);
    expect(movable.length).toBeGreaterThan(0);
    for (const slot of movable) expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(60 * 60_000);
    // The privacy export holds the answers.
    const exported = await personalDataExport('grace@example.com');
    expect(exported.introCalls.map((call) => call.answers)).toEqual([row!.answers]);

    const bad = await request('/api/bookings/manage/slots?token=nope');
    expect(bad.status).toBe(404);
    expect(await bad.json()).toEqual({ message: BAD_LINK_MESSAGE });
    expect(coach!.calendar!.content).toContain('SUMMARY:Coaching session: Grace Hopper and ');
  });

  test('the intro call still books without a type, and its emails read as before', async () => {
    const { slots } = (await slotsOf('')).body;
    expect((await book({ start: slots[0].start })).status).toBe(201);
    const [row] = await bookingRows();
    expect(row!.sessionTypeId).toBe(await introSessionTypeId(db()));
    expect(row!.answers).toEqual([]);
    const [visitor, coach] = await outbox();
    expect(visitor!.subject).toStartWith('Your intro call with ');
    expect(coach!.subject).toStartWith('New intro call: Grace Hopper, ');
    expect(coach!.text).toContain('booked an intro call for ');
    expect(coach!.text).not.toContain('Their answers');
  });

  test.each([
    [{ role: 'Director', first: true }, 'What would you like to work on?: an answer is required', 'answers.goal'],
    [{ goal: 'x', first: 'yes' }, 'Is this your first session?: answer yes or no', 'answers.first'],
    [{ goal: 'x', first: true, role: 'CEO' }, 'Your role: choose one of the options', 'answers.role'],
    [{ goal: 'x', first: true, shoe: '42' }, 'Answers must be to this session’s questions', 'answers.shoe'],
    [{ goal: 'x'.repeat(2001), first: true }, 'What would you like to work on?: at most 2000 characters', 'answers.goal'],
  ])('bad answers %j are a 400 naming the question, and nothing is booked', async (answers, message, field) => {
    await addType({ minNoticeHours: 0 });
    const { slots } = (await slotsOf('type=coaching')).body;
    const response = await book({ start: slots[0].start, sessionType: 'coaching', answers });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message, field });
    expect(await bookingRows()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  test('answers that are not an object are a 400 naming answers', async () => {
    const response = await book({ start: new Date(Date.now() + 5 * HOUR).toISOString(), answers: ['a'] });
    expect(response.status).toBe(400);
    expect((await response.json()).field).toBe('answers');
  });

  test('an unknown type is a 404 and nothing is booked', async () => {
    const response = await book({ start: new Date(Date.now() + 5 * HOUR).toISOString(), sessionType: 'nothing-here' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: SESSION_TYPE_NOT_FOUND });
    expect(await bookingRows()).toHaveLength(0);
  });
});

describe('who may book', () => {
  test('a private type: its slots and its booking need the key of its link; without it or with another, a 404', async () => {
    const type = await addType({ access: 'private', minNoticeHours: 0, questions: [] });
    for (const query of ['type=coaching', 'type=coaching&key=', `type=coaching&key=${type.privateKey.slice(1)}x`]) {
      expect(await slotsOf(query)).toEqual({ status: 404, body: { message: SESSION_TYPE_NOT_FOUND } });
    }
    const { slots } = (await slotsOf(`type=coaching&key=${type.privateKey}`)).body;
    const start = slots[0].start;
    for (const key of [undefined, 'wrong']) {
      const refused = await book({ start, sessionType: 'coaching', key });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: SESSION_TYPE_NOT_FOUND });
    }
    expect(await bookingRows()).toHaveLength(0);
    expect((await book({ start, sessionType: 'coaching', key: type.privateKey })).status).toBe(201);
    expect(await bookingRows()).toHaveLength(1);
  });

  test('a clients-only type shows its times, and booking it without a credit is a 403 saying so', async () => {
    await addType({ access: 'clients', minNoticeHours: 0, questions: [] });
    const { status, body } = await slotsOf('type=coaching');
    expect(status).toBe(200);
    const refused = await book({ start: body.slots[0].start, sessionType: 'coaching' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: CREDIT_NEEDED_MESSAGE });
    expect(await bookingRows()).toHaveLength(0);
  });
});

describe('kept as the topic is', () => {
  test('the answers are erased with the topic once the retention period is over', async () => {
    await addType({ minNoticeHours: 0 });
    const { slots } = (await slotsOf('type=coaching')).body;
    expect((await book({ start: slots[0].start, sessionType: 'coaching', answers: ANSWERS, topic: '' })).status).toBe(201);
    const [row] = await bookingRows();
    // Kept while the period runs (90 days on a fresh site) ...
    expect(await eraseOldTopics(new Date(row!.endsAt.getTime() + 89 * 24 * HOUR))).toBe(0);
    // ... and erased after it, though there was no topic.
    expect(await eraseOldTopics(new Date(row!.endsAt.getTime() + 91 * 24 * HOUR))).toBe(1);
    const [erased] = await bookingRows();
    expect(erased).toMatchObject({ topic: null, answers: null });
  });
});

describe('where a type’s sessions happen', () => {
  test('a change of the type’s place moves its upcoming sessions (SEQUENCE + 1), not the intro calls', async () => {
    const type = await addType({ minNoticeHours: 0, questions: [] });
    const coachingStart = (await slotsOf('type=coaching')).body.slots[0].start;
    expect((await book({ start: coachingStart, sessionType: 'coaching' })).status).toBe(201);
    const introStart = (await slotsOf('')).body.slots.at(-1).start;
    expect((await book({ start: introStart })).status).toBe(201);
    const before = await outbox();

    const { id, intro: _intro, position: _position, bookingCount: _count, privateKey: _key, ...input } = type;
    const saved = await sendJson(
      'PUT',
      `/api/admin/session-types/${id}`,
      { ...input, location: { kind: 'address', address: '1 Harbour Street, Leith' } },
      { headers: admin.headers() },
    );
    expect(saved.status).toBe(200);

    const [coaching, intro] = await bookingRows();
    expect(coaching).toMatchObject({ placeKind: 'address', place: '1 Harbour Street, Leith', sequence: 1 });
    expect(intro).toMatchObject({ placeKind: null, place: null, sequence: 0 });
    const sent = (await outbox()).slice(before.length);
    expect(sent.map((mail) => [mail.kind, mail.toAddress])).toEqual([
      ['booking_place_changed', 'grace@example.com'],
      ['booking_place_changed_notice', OWNER],
    ]);
    expect(sent[0]!.subject).toStartWith('Your Coaching session with ');
    expect(parseInvite(sent[0]!.calendar!.content)).toMatchObject({ sequence: 1, location: '1 Harbour Street, Leith' });

    // Availability's place moves the intro call, which follows it, and not the type with its own.
    await sendJson('PUT', '/api/admin/booking/availability', openAvailability({ location: { kind: 'phone', phone: '+1 212 555 0100' } }), {
      headers: admin.headers(),
    });
    const [coachingAfter, introAfter] = await bookingRows();
    expect(coachingAfter).toMatchObject({ place: '1 Harbour Street, Leith', sequence: 1 });
    expect(introAfter).toMatchObject({ placeKind: 'phone', place: '+1 212 555 0100', sequence: 1 });
  });
});
