import { beforeEach, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { backlogTopics, categories, categorySlugRedirects, posts } from '#db/schema.ts';
import { currentCategorySlugOf } from '#server/services/categories.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createCategory, createPost } from '../helpers/factories.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

const snapshot = async () => ({
  categories: await db().select().from(categories).orderBy(asc(categories.id)),
  redirects: await db().select().from(categorySlugRedirects).orderBy(asc(categorySlugRedirects.slug)),
  posts: await db().select({ id: posts.id, categoryId: posts.categoryId }).from(posts).orderBy(asc(posts.id)),
  topics: await db()
    .select({ id: backlogTopics.id, categoryId: backlogTopics.categoryId })
    .from(backlogTopics)
    .orderBy(asc(backlogTopics.id)),
});
const expectRefused = refusalChecker(snapshot);

const list = () => request('/api/admin/categories', { headers: admin.headers() });
const create = (body: unknown) => sendJson('POST', '/api/admin/categories', body, { headers: admin.headers() });
const change = (id: number | string, body: unknown) => sendJson('PATCH', `/api/admin/categories/${id}`, body, { headers: admin.headers() });
const remove = (id: number | string, query = '') =>
  request(`/api/admin/categories/${id}${query}`, { method: 'DELETE', headers: { ...admin.headers(), Origin: 'http://localhost' } });

async function addTopic(categoryId: number | null) {
  const [row] = await db().insert(backlogTopics).values({ title: 'A topic', description: 'About it', categoryId, priority: 0 }).returning();
  return row!;
}

beforeEach(async () => {
  await db().delete(backlogTopics);
  await db().delete(posts);
  await db().delete(categories);
});

describe('GET /api/admin/categories', () => {
  test('every category by name, with its posts (all and published) and backlog topics counted', async () => {
    const growth = await createCategory(db(), { name: 'Growth', slug: 'growth' });
    const change = await createCategory(db(), { name: 'Change', slug: 'change' });
    await createPost(db(), { categoryId: growth.id });
    await createPost(db(), { categoryId: growth.id, published: false });
    await addTopic(growth.id);
    const response = await list();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { id: change.id, name: 'Change', slug: 'change', postCount: 0, publishedCount: 0, topicCount: 0 },
      { id: growth.id, name: 'Growth', slug: 'growth', postCount: 2, publishedCount: 1, topicCount: 1 },
    ]);
  });

  test('signed out: 401; signed in without the admin role: 403', async () => {
    expect((await request('/api/admin/categories')).status).toBe(401);
    const user = await signedIn(db(), 'user');
    expect((await request('/api/admin/categories', { headers: { Cookie: user.cookie } })).status).toBe(403);
  });
});

describe('POST /api/admin/categories', () => {
  test('a name makes its slug; an explicit slug is kept; both answer 201 with the stored row', async () => {
    const made = await create({ name: '  Executive Presence & Voice ' });
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({
      id: expect.any(Number),
      name: 'Executive Presence & Voice',
      slug: 'executive-presence-voice',
      postCount: 0,
      publishedCount: 0,
      topicCount: 0,
    });
    const explicit = await create({ name: 'Teams', slug: 'team-building' });
    expect(explicit.status).toBe(201);
    expect(await db().select({ name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.name))).toEqual([
      { name: 'Executive Presence & Voice', slug: 'executive-presence-voice' },
      { name: 'Teams', slug: 'team-building' },
    ]);
  });

  test('a name or slug another category has (any letter case): 409 naming it, nothing stored', async () => {
    await createCategory(db(), { name: 'Growth', slug: 'growth' });
    await expectRefused(() => create({ name: 'growth', slug: 'personal-growth' }), 409, {
      message: 'A category named "Growth" already exists',
    });
    await expectRefused(() => create({ name: 'Personal Growth', slug: 'growth' }), 409, {
      message: 'A category with the slug "growth" already exists',
    });
  });

  test('the same new name from two admins at once: one 201 and one 409', async () => {
    const answers = await Promise.all([create({ name: 'Clarity' }), create({ name: 'Clarity' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await db().select().from(categories)).toHaveLength(1);
  });

  const refusals: Array<[string, unknown, Record<string, unknown>]> = [
    ['no name', { slug: 'x' }, { message: 'Name must be text', field: 'name' }],
    ['a blank name', { name: '  ' }, { message: 'Name is required', field: 'name' }],
    ['a name of 51 characters', { name: 'x'.repeat(51) }, { message: 'Name must be at most 50 characters', field: 'name' }],
    ['a name over two lines', { name: 'Growth\nChange' }, { message: 'Name must be one line of text', field: 'name' }],
    [
      'a name without letters or digits and no slug',
      { name: '!!!' },
      { message: 'Slug is required when the name has no letters or digits', field: 'slug' },
    ],
    [
      'a slug with capitals',
      { name: 'Growth', slug: 'Growth' },
      { message: 'Slug may contain only lowercase letters, digits and single hyphens', field: 'slug' },
    ],
    [
      'a slug with a double hyphen',
      { name: 'Growth', slug: 'a--b' },
      { message: 'Slug may contain only lowercase letters, digits and single hyphens', field: 'slug' },
    ],
    ['a slug of 61 characters', { name: 'Growth', slug: 'a'.repeat(61) }, { message: 'Slug must be at most 60 characters', field: 'slug' }],
    ['an unknown field', { name: 'Growth', colour: 'red' }, { message: 'Unknown field: colour', field: 'colour' }],
  ];
  for (const [what, body, answer] of refusals) {
    test(`${what}: 400, nothing stored`, async () => {
      await expectRefused(() => create(body), 400, answer);
    });
  }
});

describe('PATCH /api/admin/categories/:id', () => {
  test('a new slug keeps the old one as a link to it; every earlier slug follows, and a renamed-back slug is its own again', async () => {
    const category = await createCategory(db(), { name: 'Growth', slug: 'growth' });
    const renamed = await change(category.id, { name: 'Personal Growth', slug: 'personal-growth' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: category.id, name: 'Personal Growth', slug: 'personal-growth' });
    expect(await currentCategorySlugOf('growth')).toBe('personal-growth');

    await change(category.id, { slug: 'growing' });
    expect(await currentCategorySlugOf('growth')).toBe('growing');
    expect(await currentCategorySlugOf('personal-growth')).toBe('growing');

    await change(category.id, { slug: 'growth' });
    expect(await currentCategorySlugOf('growth')).toBeNull();
    expect(
      await db().select({ slug: categorySlugRedirects.slug }).from(categorySlugRedirects).orderBy(asc(categorySlugRedirects.slug)),
    ).toEqual([{ slug: 'growing' }, { slug: 'personal-growth' }]);
  });

  test('a rename alone keeps the slug; a new category may take an old slug over', async () => {
    const category = await createCategory(db(), { name: 'Growth', slug: 'growth' });
    expect(await (await change(category.id, { name: 'Growing' })).json()).toMatchObject({ name: 'Growing', slug: 'growth' });
    await change(category.id, { slug: 'growing' });
    const other = await create({ name: 'Growth', slug: 'growth' });
    expect(other.status).toBe(201);
    expect(await currentCategorySlugOf('growth')).toBeNull();
  });

  test('an emptied slug is made again from the name, the current one when the change names none', async () => {
    const category = await createCategory(db(), { name: 'Team Building', slug: 'teams' });
    const answer = await change(category.id, { slug: '' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ name: 'Team Building', slug: 'team-building' });
    expect(await currentCategorySlugOf('teams')).toBe('team-building');
  });

  test("another category's name or slug: 409; an unknown id: 404; a bad id or body: 400; nothing changed", async () => {
    const growth = await createCategory(db(), { name: 'Growth', slug: 'growth' });
    await createCategory(db(), { name: 'Change', slug: 'change' });
    await expectRefused(() => change(growth.id, { name: 'CHANGE' }), 409, { message: 'A category named "Change" already exists' });
    await expectRefused(() => change(growth.id, { slug: 'change' }), 409, { message: 'A category with the slug "change" already exists' });
    await expectRefused(() => change(999_999, { name: 'Else' }), 404, { message: 'Category not found' });
    await expectRefused(() => change('abc', { name: 'Else' }), 400, { message: 'id must be a positive whole number', field: 'id' });
    await expectRefused(() => change(growth.id, {}), 400, { message: 'Name or slug is required' });
    await expectRefused(() => change(growth.id, { slug: 'Bad Slug' }), 400, {
      message: 'Slug may contain only lowercase letters, digits and single hyphens',
      field: 'slug',
    });
  });
});

describe('DELETE /api/admin/categories/:id', () => {
  test('an empty category goes at once: 204', async () => {
    const category = await createCategory(db(), { name: 'Empty', slug: 'empty' });
    expect((await remove(category.id)).status).toBe(204);
    expect(await db().select().from(categories)).toEqual([]);
  });

  test('a category with posts or topics must say where they go: 409 naming what it holds, nothing changed', async () => {
    const category = await createCategory(db(), { name: 'Growth', slug: 'growth' });
    await createPost(db(), { categoryId: category.id });
    await createPost(db(), { categoryId: category.id, published: false });
    await addTopic(category.id);
    await expectRefused(() => remove(category.id), 409, {
      message: '"Growth" holds 2 posts and 1 backlog topic: choose where to move them',
    });
  });

  test('moved to another category: its posts, topics and links go there', async () => {
    const growth = await createCategory(db(), { name: 'Growth', slug: 'growth' });
    const change = await createCategory(db(), { name: 'Change', slug: 'change' });
    const post = await createPost(db(), { categoryId: growth.id });
    const topic = await addTopic(growth.id);
    await db().insert(categorySlugRedirects).values({ slug: 'old-growth', categoryId: growth.id });
    expect((await remove(growth.id, `?moveTo=${change.id}`)).status).toBe(204);
    expect((await db().select().from(posts).where(eq(posts.id, post.id)))[0]!.categoryId).toBe(change.id);
    expect((await db().select().from(backlogTopics).where(eq(backlogTopics.id, topic.id)))[0]!.categoryId).toBe(change.id);
    expect(await currentCategorySlugOf('growth')).toBe('change');
    expect(await currentCategorySlugOf('old-growth')).toBe('change');
    expect(await (await list()).json()).toEqual([
      { id: change.id, name: 'Change', slug: 'change', postCount: 1, publishedCount: 1, topicCount: 1 },
    ]);
  });

  test('moveTo=none: its posts and topics are left without a category, its links are gone', async () => {
    const growth = await createCategory(db(), { name: 'Growth', slug: 'growth' });
    const post = await createPost(db(), { categoryId: growth.id });
    await db().insert(categorySlugRedirects).values({ slug: 'old-growth', categoryId: growth.id });
    expect((await remove(growth.id, '?moveTo=none')).status).toBe(204);
    expect((await db().select().from(posts).where(eq(posts.id, post.id)))[0]!.categoryId).toBeNull();
    expect(await db().select().from(categorySlugRedirects)).toEqual([]);
  });

  test('moveTo itself, an unknown category or a bad value: 400; an unknown id: 404; nothing changed', async () => {
    const growth = await createCategory(db(), { name: 'Growth', slug: 'growth' });
    await createPost(db(), { categoryId: growth.id });
    await expectRefused(() => remove(growth.id, `?moveTo=${growth.id}`), 400, {
      message: 'moveTo must be another category',
      field: 'moveTo',
    });
    await expectRefused(() => remove(growth.id, '?moveTo=999999'), 400, {
      message: 'The category to move the posts to was not found',
      field: 'moveTo',
    });
    await expectRefused(() => remove(growth.id, '?moveTo=nowhere'), 400, {
      message: 'moveTo must be a category id or none',
      field: 'moveTo',
    });
    // Past int4: no category has it (before, Postgres refused the comparison with a 500).
    await expectRefused(() => remove(growth.id, '?moveTo=9999999999'), 400, {
      message: 'moveTo must be a category id or none',
      field: 'moveTo',
    });
    await expectRefused(() => remove(growth.id, '?moveTo=none&moveTo=1'), 400, { message: 'moveTo must be given once', field: 'moveTo' });
    await expectRefused(() => remove(999_999, '?moveTo=none'), 404, { message: 'Category not found' });
  });

  test('signed out: 401; signed in without the admin role: 403', async () => {
    const growth = await createCategory(db(), { name: 'Growth', slug: 'growth' });
    await expectRefused(
      () => request(`/api/admin/categories/${growth.id}`, { method: 'DELETE', headers: { Origin: 'http://localhost' } }),
      401,
      { message: 'Authentication required' },
    );
    const user = await signedIn(db(), 'user');
    const refused = await request(`/api/admin/categories/${growth.id}`, {
      method: 'DELETE',
      headers: { Cookie: user.cookie, Origin: 'http://localhost' },
    });
    expect(refused.status).toBe(403);
  });
});
