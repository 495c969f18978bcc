import { describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { bookings, SESSION_TYPE_ACCESS_KINDS, sessionTypes } from '#db/schema.ts';
import { SESSION_TYPE_ACCESS, type SessionTypeInput } from '#src/schemas/session-type.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupBookingSite } from '../helpers/booking.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { refusalChecker } from '../helpers/refusals.ts';

// Issue 35 §1: session types. The intro call is the first (made by the migration, and booked by
// /book as before); the coach adds, edits, orders and deletes the others through the admin API,
// every bad field refused with a 400 naming it and nothing stored.

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { slots, book } = setupBookingSite(db);

const URL = '/api/admin/session-types';
const snapshot = () => db().select().from(sessionTypes).orderBy(asc(sessionTypes.id));
const expectRefused = refusalChecker(snapshot);
const list = async () => (await request(URL, { headers: admin.headers() })).json();
const create = (body: unknown) => sendJson('POST', URL, body, { headers: admin.headers() });
const replace = (id: number | string, body: unknown) => sendJson('PUT', `${URL}/${id}`, body, { headers: admin.headers() });
const reorder = (body: unknown) => sendJson('POST', `${URL}/reorder`, body, { headers: admin.headers() });
const remove = (id: number | string) =>
  request(`${URL}/${id}`, { method: 'DELETE', headers: { ...admin.headers(), Origin: 'http://localhost' } });

const COACHING: SessionTypeInput = {
  name: 'Coaching session',
  slug: 'coaching-session',
  description: 'Sixty minutes on what matters most to you now.',
  minutes: 60,
  bufferMinutes: 15,
  minNoticeHours: 48,
  dailyCap: 3,
  location: { kind: 'video', url: 'https://meet.jit.si/summit-', roomPerCall: true },
  access: 'clients',
  listed: true,
  cancelCutoffHours: 24,
  maxReschedules: 2,
  priceMinor: null,
  questions: [
    { id: 'goal', kind: 'long', label: 'What would you like to work on?', required: true, options: [] },
    { id: 'role', kind: 'single', label: 'Your role', required: false, options: ['Manager', 'Director', 'Founder'] },
    { id: 'topics', kind: 'multiple', label: 'Topics', required: false, options: ['Delegation', 'Presence'] },
    { id: 'first', kind: 'yesno', label: 'Is this your first session?', required: true, options: [] },
    { id: 'org', kind: 'short', label: 'Organisation', required: false, options: [] },
  ],
};

async function add(body: Partial<SessionTypeInput> = {}) {
  const response = await create({ ...COACHING, ...body });
  expect(response.status).toBe(201);
  return response.json();
}

const INTRO = {
  id: 1,
  intro: true,
  position: 0,
  bookingCount: 0,
  // Migration 0021 gave the intro call a random key of 32 hex digits.
  privateKey: expect.stringMatching(/^[0-9a-f]{32}$/),
  name: 'Free intro call',
  slug: 'intro-call',
  description: 'A short call to get to know each other and see whether coaching together is right for you.',
  minutes: null,
  bufferMinutes: null,
  minNoticeHours: null,
  dailyCap: null,
  location: null,
  access: 'anyone',
  listed: true,
  cancelCutoffHours: 0,
  maxReschedules: null,
  priceMinor: null,
  questions: [],
};

describe('the intro call', () => {
  test('a fresh site has it as its one session type, following the availability', async () => {
    expect(await list()).toEqual([INTRO]);
  });

  test('a booking on /book is an intro call, counted on its type', async () => {
    const { slots: free } = await slots();
    expect((await book({ start: free[0]!.start, email: 'ada@example.com' })).status).toBe(201);
    const [row] = await db().select({ sessionTypeId: bookings.sessionTypeId }).from(bookings).where(eq(bookings.email, 'ada@example.com'));
    expect(row!.sessionTypeId).toBe(INTRO.id);
    expect((await list())[0]).toMatchObject({ intro: true, bookingCount: 1 });
  });

  test('cannot be deleted (hide it instead); it can be renamed and hidden', async () => {
    await expectRefused(() => remove(INTRO.id), 409, { message: 'The intro call cannot be deleted: hide it from /book instead' });
    const response = await replace(INTRO.id, {
      ...COACHING,
      name: 'Discovery call',
      slug: 'discovery',
      access: 'anyone',
      listed: false,
      questions: [],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: INTRO.id, intro: true, name: 'Discovery call', slug: 'discovery', listed: false });
    expect((await replace(INTRO.id, INTRO_INPUT)).status).toBe(200);
  });

  test('the access kinds are the same list in the schema and the database', () => {
    expect([...SESSION_TYPE_ACCESS]).toEqual([...SESSION_TYPE_ACCESS_KINDS]);
  });
});

const { id: _id, intro: _intro, position: _position, bookingCount: _count, privateKey: _key, ...INTRO_INPUT } = INTRO;

describe('the coach’s session types', () => {
  test('created last in the order with every field, trimmed; listed in order', async () => {
    const created = await add({ name: '  Coaching session ', description: '  Sixty minutes. ' });
    expect(created).toEqual({
      ...COACHING,
      id: expect.any(Number),
      intro: false,
      position: 1,
      bookingCount: 0,
      // 18 random bytes, base64url.
      privateKey: expect.stringMatching(/^[\w-]{24}$/),
      name: 'Coaching session',
      description: 'Sixty minutes.',
    });
    const second = await add({ name: 'Strategy day', slug: 'strategy-day', access: 'anyone', questions: [] });
    expect((await list()).map((type: { slug: string; position: number }) => [type.slug, type.position])).toEqual([
      ['intro-call', 0],
      ['coaching-session', 1],
      ['strategy-day', 2],
    ]);
    await remove(second.id);
    await remove(created.id);
  });

  test('a private type is never listed on /book, whatever was asked', async () => {
    const privateType = await add({ access: 'private', listed: true, slug: 'vip' });
    expect(privateType).toMatchObject({ access: 'private', listed: false });
    await remove(privateType.id);
  });

  test('replaced whole by PUT; 404 for an unknown id; a slug another type has is a 409', async () => {
    const type = await add();
    const changed = await replace(type.id, { ...COACHING, minutes: 90, location: null, questions: COACHING.questions.slice(0, 1) });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: type.id, minutes: 90, location: null, questions: [COACHING.questions[0]] });
    await expectRefused(() => replace(type.id, { ...COACHING, slug: 'intro-call' }), 409, {
      message: 'Another session type already uses this slug',
    });
    await expectRefused(() => create({ ...COACHING }), 409, { message: 'Another session type already uses this slug' });
    await expectRefused(() => replace(999_999, COACHING), 404, { message: 'Session type not found' });
    await remove(type.id);
  });

  test('deleted when no booking used it; 404 after', async () => {
    const type = await add();
    const response = await remove(type.id);
    expect(response.status).toBe(204);
    expect((await list()).map((row: { id: number }) => row.id)).toEqual([INTRO.id]);
    await expectRefused(() => remove(type.id), 404, { message: 'Session type not found' });
  });

  test('a type with bookings is kept: 409', async () => {
    const type = await add();
    const { slots: free } = await slots();
    await book({ start: free[0]!.start, email: 'grace@example.com' });
    await db().update(bookings).set({ sessionTypeId: type.id }).where(eq(bookings.email, 'grace@example.com'));
    await expectRefused(() => remove(type.id), 409, {
      message: 'This session type has bookings: hide it from /book instead of deleting it',
    });
    await db().update(bookings).set({ sessionTypeId: INTRO.id });
    await remove(type.id);
  });

  test('reordered by the full list of ids; a partial, repeated or unknown list is refused', async () => {
    const a = await add({ slug: 'a' });
    const b = await add({ slug: 'b' });
    const response = await reorder({ order: [b.id, INTRO.id, a.id] });
    expect(response.status).toBe(200);
    expect((await response.json()).map((type: { slug: string; position: number }) => [type.slug, type.position])).toEqual([
      ['b', 0],
      ['intro-call', 1],
      ['a', 2],
    ]);
    const incomplete = { message: 'order must list every session type exactly once' };
    await expectRefused(() => reorder({ order: [a.id, b.id] }), 400, incomplete);
    await expectRefused(() => reorder({ order: [a.id, a.id, b.id] }), 400, incomplete);
    await expectRefused(() => reorder({ order: [a.id, b.id, 999_999] }), 400, incomplete);
    await expectRefused(() => reorder({ order: ['1'] }), 400, { message: 'order must be a list of session type ids', field: 'order.0' });
    await reorder({ order: [INTRO.id, a.id, b.id] });
    await remove(a.id);
    await remove(b.id);
  });
});

describe('every bad field is a 400 naming it, and nothing is stored', () => {
  const choice = COACHING.questions[1]!;
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['no name', { name: '  ' }, 'Name is required', 'name'],
    ['a long name', { name: 'x'.repeat(101) }, 'Name must be at most 100 characters', 'name'],
    ['a name on two lines', { name: 'a\nb' }, 'Name must be one line of text', 'name'],
    ['a slug with capitals', { slug: 'Coaching' }, 'Slug may contain only lowercase letters, digits and hyphens', 'slug'],
    ['an empty slug', { slug: '' }, 'Slug may contain only lowercase letters, digits and hyphens', 'slug'],
    ['a long description', { description: 'x'.repeat(2_001) }, 'Description must be at most 2000 characters', 'description'],
    ['a length too short', { minutes: 14 }, 'Length must be at least 15', 'minutes'],
    ['a length in text', { minutes: '60' }, 'Length must be a number', 'minutes'],
    ['a fractional buffer', { bufferMinutes: 1.5 }, 'Buffer must be a whole number', 'bufferMinutes'],
    ['too much notice', { minNoticeHours: 721 }, 'Minimum notice must be at most 720', 'minNoticeHours'],
    ['a cap of 0', { dailyCap: 0 }, 'Sessions per day must be at least 1', 'dailyCap'],
    ['an unknown place', { location: { kind: 'fax' } }, 'Where calls happen must be none, video, phone or address', 'location.kind'],
    [
      'an http video link',
      { location: { kind: 'video', url: 'http://meet.example', roomPerCall: false } },
      'Video link must be an https:// address',
      'location.url',
    ],
    ['an unknown access', { access: 'everyone' }, 'Who may book must be anyone, clients or private', 'access'],
    ['listed as text', { listed: 'yes' }, 'Listed must be true or false', 'listed'],
    ['a negative cut-off', { cancelCutoffHours: -1 }, 'Cancellation cut-off must be at least 0', 'cancelCutoffHours'],
    ['no cut-off', { cancelCutoffHours: null }, 'Cancellation cut-off must be a number', 'cancelCutoffHours'],
    ['too many reschedules', { maxReschedules: 21 }, 'Reschedules must be at most 20', 'maxReschedules'],
    ['questions as text', { questions: 'none' }, 'Questions must be a list', 'questions'],
    [
      '21 questions',
      { questions: Array.from({ length: 21 }, (_, i) => ({ ...COACHING.questions[0]!, id: `q${i}` })) },
      'A session type has at most 20 questions',
      'questions',
    ],
    [
      'two questions with one id',
      { questions: [COACHING.questions[0], { ...COACHING.questions[4], id: 'goal' }] },
      'Each question needs its own id',
      'questions',
    ],
    [
      'a bad question id',
      { questions: [{ ...choice, id: 'Goal!' }] },
      'Question id must be 1 to 40 lowercase letters, digits or hyphens',
      'questions.0.id',
    ],
    [
      'an unknown kind',
      { questions: [{ ...choice, kind: 'essay' }] },
      'Question kind must be short, long, single, multiple or yesno',
      'questions.0.kind',
    ],
    ['an empty question', { questions: [{ ...choice, label: ' ' }] }, 'Question text is required', 'questions.0.label'],
    ['required as text', { questions: [{ ...choice, required: 'yes' }] }, 'Required must be true or false', 'questions.0.required'],
    [
      'a choice of one',
      { questions: [{ ...choice, options: ['Only'] }] },
      'A choice question needs 2 to 20 options',
      'questions.0.options',
    ],
    [
      'the same option twice',
      { questions: [{ ...choice, options: ['Manager', 'manager'] }] },
      'The options of a question must differ from each other',
      'questions.0.options',
    ],
    ['an empty option', { questions: [{ ...choice, options: ['Manager', ''] }] }, 'An option cannot be empty', 'questions.0.options.1'],
    [
      'options on a text question',
      { questions: [{ ...COACHING.questions[0], options: ['A', 'B'] }] },
      'Only a choice question has options',
      'questions.0.options',
    ],
    ['an unknown field', { price: 100 }, 'Unknown field: price', 'price'],
  ];
  for (const [name, change, message, field] of cases) {
    test(`${name}: on create and on replace`, async () => {
      await expectRefused(() => create({ ...COACHING, ...change }), 400, { message, field });
      await expectRefused(() => replace(INTRO.id, { ...COACHING, ...change }), 400, { message, field });
    });
  }

  test('a missing field is named too', async () => {
    const { questions: _questions, ...withoutQuestions } = COACHING;
    await expectRefused(() => create(withoutQuestions), 400, { message: 'Questions must be a list', field: 'questions' });
  });
});

test('signed out: 401; signed in without the admin role: 403 on every endpoint, nothing changes', async () => {
  const headers = { Cookie: (await signedIn(db(), 'user')).cookie };
  for (const [method, url, body] of [
    ['GET', URL, undefined],
    ['POST', URL, COACHING],
    ['PUT', `${URL}/${INTRO.id}`, COACHING],
    ['POST', `${URL}/reorder`, { order: [INTRO.id] }],
    ['DELETE', `${URL}/${INTRO.id}`, undefined],
  ] as const) {
    const before = await snapshot();
    const anonymous = body ? await sendJson(method, url, body) : await request(url, { method, headers: { Origin: 'http://localhost' } });
    expect(anonymous.status).toBe(401);
    const author = body
      ? await sendJson(method, url, body, { headers })
      : await request(url, { method, headers: { ...headers, Origin: 'http://localhost' } });
    expect(author.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  }
});
