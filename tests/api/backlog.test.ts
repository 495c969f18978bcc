// The blog topic backlog API (docs/product.md §2 "Admin blog backlog", §3, §4, §5, §7; ASVS 8.2.3, docs/security.md, 2.2.1
// and docs/security.md#input-validation). Every refusal asserts the status, the exact body and that the backlog is
// exactly as it was. Runs on PGlite, and on Postgres when DATABASE_URL is set.
// The reorder is backlog-reorder.test.ts; what both use is tests/helpers/backlog.ts.
import { beforeAll, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { backlogTopics } from '#db/schema.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { BACKLOG, backlogApi, MESSAGES, REORDER, validTopic, zeroToN } from '../helpers/backlog.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createCategory } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { backlog, remove, createThroughApi, storedOrder, expectRefused } = backlogApi(db, admin);

const TOPIC_KEYS = [
  'categoryId',
  'categoryName',
  'createdAt',
  'description',
  'estimatedWordCount',
  'id',
  'notes',
  'postId',
  'priority',
  'status',
  'tags',
  'targetAudience',
  'title',
];

let userCookie: string;

beforeAll(async () => {
  userCookie = (await signedIn(db(), 'user')).cookie;
});

const create = (body: unknown) => sendJson('POST', BACKLOG, body, { headers: admin.headers() });
const patch = (id: number | string, body: unknown) => sendJson('PATCH', `${BACKLOG}/${id}`, body, { headers: admin.headers() });

describe('GET /api/admin/blog-topic-backlog', () => {
  test('lists every topic in priority order with its category name and exactly the topic keys', async () => {
    const category = await createCategory(db());
    const first = await createThroughApi({ categoryId: category.id, tags: ['Trust'] });
    const second = await createThroughApi();
    const response = await backlog.$get();
    expect(response.status).toBe(200);
    const topics = await response.json();
    expect(topics.map((topic) => topic.priority)).toEqual(zeroToN(topics.length));
    expect(topics.map((topic) => topic.id)).toEqual((await storedOrder()).ids);
    for (const topic of topics) expect(Object.keys(topic).sort()).toEqual(TOPIC_KEYS);
    expect(topics.find((topic) => topic.id === first.id)).toMatchObject({
      categoryId: category.id,
      categoryName: category.name,
      tags: ['Trust'],
    });
    expect(topics.at(-1)?.id).toBe(second.id);
  });
});

describe('POST /api/admin/blog-topic-backlog', () => {
  test('adds a pending topic at the end of the backlog (priority n) and stores the trimmed fields', async () => {
    const category = await createCategory(db());
    const [before] = await db().select({ n: count() }).from(backlogTopics);
    const response = await backlog.$post({
      json: {
        title: '  Coaching Through Change  ',
        description: ' Staying steady when the plan moves. ',
        categoryId: category.id,
        tags: [' Change ', 'Resilience', 'Change'],
        notes: ' Add a checklist. ',
        estimatedWordCount: 1200,
        targetAudience: ' New managers ',
      },
    });
    expect(response.status).toBe(201);
    const topic = await response.json();
    expect(Object.keys(topic).sort()).toEqual(TOPIC_KEYS);
    expect(topic).toMatchObject({
      title: 'Coaching Through Change',
      description: 'Staying steady when the plan moves.',
      categoryId: category.id,
      categoryName: category.name,
      tags: ['Change', 'Resilience'],
      notes: 'Add a checklist.',
      estimatedWordCount: 1200,
      targetAudience: 'New managers',
      status: 'pending',
      priority: before!.n,
      postId: null,
    });
    const [stored] = await db().select().from(backlogTopics).where(eq(backlogTopics.id, topic.id));
    expect(stored).toMatchObject({
      title: 'Coaching Through Change',
      tags: ['Change', 'Resilience'],
      status: 'pending',
      priority: before!.n,
    });
    expect(topic.createdAt).toBe(stored!.createdAt.toISOString());
  });

  test('optional fields may be left out, null or blank: they are stored as null and tags as []', async () => {
    const topic = await createThroughApi({ categoryId: null, notes: '  ', targetAudience: '', estimatedWordCount: null });
    expect(topic).toMatchObject({
      categoryId: null,
      categoryName: null,
      tags: [],
      notes: null,
      estimatedWordCount: null,
      targetAudience: null,
    });
    const minimal = await createThroughApi();
    expect(minimal).toMatchObject({ categoryId: null, tags: [], notes: null, estimatedWordCount: null, targetAudience: null });
  });

  test('ten simultaneous creates take ten different positions: priorities stay 0..n-1', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => create(validTopic())));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    const { priorities } = await storedOrder();
    expect(priorities).toEqual(zeroToN(priorities.length));
  });

  describe('validation (docs/security.md#input-validation): 400 naming the field, nothing stored', () => {
    const cases: Array<[string, Record<string, unknown>, { message: string; field: string }]> = [
      ['title missing', { title: undefined }, { message: MESSAGES.titleRequired, field: 'title' }],
      ['title blank', { title: '   ' }, { message: MESSAGES.titleRequired, field: 'title' }],
      ['title a number', { title: 42 }, { message: MESSAGES.titleRequired, field: 'title' }],
      ['title of 201 characters', { title: 'x'.repeat(201) }, { message: 'Title must be at most 200 characters', field: 'title' }],
      ['description missing', { description: undefined }, { message: MESSAGES.descriptionRequired, field: 'description' }],
      ['description blank', { description: ' \n ' }, { message: MESSAGES.descriptionRequired, field: 'description' }],
      [
        'description of 2,001 characters',
        { description: 'x'.repeat(2001) },
        { message: 'Description must be at most 2000 characters', field: 'description' },
      ],
      ['word count 99', { estimatedWordCount: 99 }, { message: MESSAGES.wordCountMin, field: 'estimatedWordCount' }],
      ['word count "500"', { estimatedWordCount: '500' }, { message: MESSAGES.wordCountType, field: 'estimatedWordCount' }],
      ['word count 1.5', { estimatedWordCount: 1.5 }, { message: MESSAGES.wordCountType, field: 'estimatedWordCount' }],
      ['word count -1', { estimatedWordCount: -1 }, { message: MESSAGES.wordCountMin, field: 'estimatedWordCount' }],
      ['word count 1e9', { estimatedWordCount: 1e9 }, { message: MESSAGES.wordCountMax, field: 'estimatedWordCount' }],
      ['tags not an array', { tags: 'a, b' }, { message: MESSAGES.tagsType, field: 'tags' }],
      ['a tag that is not a string', { tags: ['ok', 7] }, { message: MESSAGES.tagsType, field: 'tags.1' }],
      ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `tag-${i}`) }, { message: MESSAGES.tagsCount, field: 'tags' }],
      ['a blank tag', { tags: ['  '] }, { message: MESSAGES.tagLength, field: 'tags.0' }],
      ['a tag of 51 characters', { tags: ['x'.repeat(51)] }, { message: MESSAGES.tagLength, field: 'tags.0' }],
      ['notes of 2,001 characters', { notes: 'x'.repeat(2001) }, { message: 'Notes must be at most 2000 characters', field: 'notes' }],
      [
        'audience of 201 characters',
        { targetAudience: 'x'.repeat(201) },
        { message: 'Target audience must be at most 200 characters', field: 'targetAudience' },
      ],
      ['categoryId "1"', { categoryId: '1' }, { message: MESSAGES.categoryType, field: 'categoryId' }],
      ['categoryId 1.5', { categoryId: 1.5 }, { message: MESSAGES.categoryType, field: 'categoryId' }],
      ['categoryId -1', { categoryId: -1 }, { message: MESSAGES.categoryType, field: 'categoryId' }],
      ['an unknown categoryId', { categoryId: 2_000_000_000 }, { message: MESSAGES.categoryNotFound, field: 'categoryId' }],
      ['status (server-owned)', { status: 'drafted' }, { message: 'Unknown field: status', field: 'status' }],
      ['priority (server-owned)', { priority: 0 }, { message: 'Unknown field: priority', field: 'priority' }],
      ['id (server-owned)', { id: 1 }, { message: 'Unknown field: id', field: 'id' }],
      ['postId (server-owned)', { postId: 1 }, { message: 'Unknown field: postId', field: 'postId' }],
      ['a NUL character', { title: 'a\u0000b' }, { message: 'title contains characters that are not allowed', field: 'title' }],
    ];
    for (const [name, overrides, expected] of cases) {
      test(name, () => expectRefused(() => create(validTopic(overrides)), 400, expected));
    }

    test('a body that is not a JSON object → 400, wrong Content-Type → 415', async () => {
      await expectRefused(() => create('[]'), 400, { message: 'Invalid JSON body' });
      await expectRefused(() => create('{'), 400, { message: 'Invalid JSON body' });
      await expectRefused(
        () =>
          request(BACKLOG, {
            method: 'POST',
            headers: { Cookie: admin.cookie, Origin: 'http://localhost', 'Content-Type': 'text/plain' },
            body: '{}',
          }),
        415,
        { message: 'Content-Type must be application/json' },
      );
    });
  });
});

describe('PATCH /api/admin/blog-topic-backlog/:id', () => {
  test('changes only the given fields and answers the topic', async () => {
    const category = await createCategory(db());
    const topic = await createThroughApi({ notes: 'Keep me', estimatedWordCount: 800 });
    const response = await patch(topic.id, {
      title: 'Renamed topic',
      categoryId: category.id,
      tags: ['One', 'Two'],
      estimatedWordCount: null,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: topic.id,
      title: 'Renamed topic',
      categoryId: category.id,
      categoryName: category.name,
      tags: ['One', 'Two'],
      notes: 'Keep me',
      estimatedWordCount: null,
      priority: topic.priority,
      status: 'pending',
    });
    const [stored] = await db().select().from(backlogTopics).where(eq(backlogTopics.id, topic.id));
    expect(stored).toMatchObject({
      title: 'Renamed topic',
      categoryId: category.id,
      tags: ['One', 'Two'],
      notes: 'Keep me',
      estimatedWordCount: null,
    });
  });

  test('status, priority and the other validation rules are refused, and nothing changes', async () => {
    const topic = await createThroughApi();
    await expectRefused(() => patch(topic.id, { status: 'drafted' }), 400, { message: 'Unknown field: status', field: 'status' });
    await expectRefused(() => patch(topic.id, { priority: 0 }), 400, { message: 'Unknown field: priority', field: 'priority' });
    await expectRefused(() => patch(topic.id, { title: '' }), 400, { message: MESSAGES.titleRequired, field: 'title' });
    await expectRefused(() => patch(topic.id, { estimatedWordCount: 99 }), 400, {
      message: MESSAGES.wordCountMin,
      field: 'estimatedWordCount',
    });
    await expectRefused(() => patch(topic.id, { categoryId: 2_000_000_000 }), 400, {
      message: MESSAGES.categoryNotFound,
      field: 'categoryId',
    });
  });

  test('an unknown id → 404, a malformed one → 400', async () => {
    await expectRefused(() => patch(2_000_000_000, { title: 'x' }), 404, { message: MESSAGES.topicNotFound });
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      await expectRefused(() => patch(id, { title: 'x' }), 400, { message: MESSAGES.badId, field: 'id' });
    }
  });
});

describe('DELETE /api/admin/blog-topic-backlog/:id', () => {
  test('204, the topic is gone and the gap is closed: priorities stay 0..n-1 in the same order', async () => {
    await createThroughApi();
    const middle = await createThroughApi();
    await createThroughApi();
    const before = (await storedOrder()).ids;
    const response = await remove(middle.id);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const after = await storedOrder();
    expect(after.ids).toEqual(before.filter((id) => id !== middle.id));
    expect(after.priorities).toEqual(zeroToN(after.ids.length));
  });

  test('an unknown or already deleted topic → 404 "Topic not found"', async () => {
    const topic = await createThroughApi();
    expect((await remove(topic.id)).status).toBe(204);
    await expectRefused(() => remove(topic.id), 404, { message: MESSAGES.topicNotFound });
    await expectRefused(() => remove('abc'), 400, { message: MESSAGES.badId, field: 'id' });
  });
});

describe('access (ASVS 8.2.1, docs/security.md, 3.5.1)', () => {
  test('signed out → 401, a user → 403, a foreign Origin → 403; nothing changes', async () => {
    await createThroughApi();
    const items = (await storedOrder()).ids
      .map((id, priority) => ({ id, priority }))
      .reverse()
      .map((item, priority) => ({ ...item, priority }));
    await expectRefused(() => sendJson('POST', REORDER, { reorderedItems: items }), 401, { message: MESSAGES.signedOut });
    await expectRefused(() => sendJson('POST', REORDER, { reorderedItems: items }, { headers: { Cookie: userCookie } }), 403, {
      message: MESSAGES.notAdmin,
    });
    await expectRefused(
      () => sendJson('POST', REORDER, { reorderedItems: items }, { headers: { Cookie: admin.cookie, Origin: 'https://evil.example' } }),
      403,
      { message: MESSAGES.crossSite },
    );
    await expectRefused(() => sendJson('POST', BACKLOG, validTopic(), { headers: { Cookie: userCookie } }), 403, {
      message: MESSAGES.notAdmin,
    });
    const anonymous = await request(BACKLOG);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: MESSAGES.signedOut });
  });
});
