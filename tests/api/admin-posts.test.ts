// Admin posts: the list, one post and creating one (docs/product.md §2 post list/editor, §4 post
// states, §5 post rules, §7 admin calls; docs/security.md#input-validation). What a create refuses is
// in admin-post-validation.test.ts; changing, publishing and deleting a post in admin-post-writes.test.ts;
// the editor's preview and tag suggestions in admin-post-editor.test.ts. Every refusal asserts the
// status, the exact body and that the posts and post_tags tables are exactly as they were.
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { posts, postTags } from '#db/schema.ts';
import { pageCache } from '#server/cache/page-cache.ts';
import { slugify } from '#src/lib/slugify.ts';
import { ADMIN_POST_KEYS, adminPostsApi, isoNear, MALFORMED_IDS, MESSAGES, POSTS, UNKNOWN_ID, validPost } from '../helpers/admin-posts.ts';
import { request, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createCategory, createPost as createPostRow, unique } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { get, create, typed, createdPost, storedPost, snapshot, expectRefused } = adminPostsApi(db, admin);

describe('GET /api/admin/blog-posts', () => {
  test('lists posts, drafts and scheduled ones too, newest created first, with category name and tags, without bodies', async () => {
    const category = await createCategory(db(), { name: unique('Mindset') });
    const day = 86_400_000;
    const older = await createPostRow(db(), {
      createdAt: new Date(Date.now() - 3 * day),
      categoryId: category.id,
      tagNames: ['zeta', 'alpha'],
    });
    const draft = await createPostRow(db(), { createdAt: new Date(Date.now() - 2 * day), published: false });
    const scheduled = await createPostRow(db(), {
      createdAt: new Date(Date.now() - day),
      published: false,
      scheduledFor: new Date('2031-05-01T09:30:00Z'),
      autoPublish: true,
    });

    const response = await typed.list();
    expect(response.status).toBe(200);
    // Issue 18: a page of 20 at most (these few fit on one), and no row carries its body (or its version).
    const { posts: list } = await response.json();
    expect(list.length).toBe(Math.min(20, (await snapshot()).posts.length));
    const listKeys = [...ADMIN_POST_KEYS.filter((key) => key !== 'content' && key !== 'version'), 'views'].sort();
    for (const post of list) expect(Object.keys(post).sort()).toEqual(listKeys);
    const created = list.map((post) => Date.parse(post.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const ids = list.map((post) => post.id);
    expect(ids.indexOf(scheduled.id)).toBeLessThan(ids.indexOf(draft.id));
    expect(ids.indexOf(draft.id)).toBeLessThan(ids.indexOf(older.id));

    const tagIds = await db().select().from(postTags).where(eq(postTags.postId, older.id));
    expect(list.find((post) => post.id === older.id)).toEqual({
      id: older.id,
      slug: older.slug,
      title: older.title,
      excerpt: older.excerpt,
      imageUrl: null,
      customImage: null,
      categoryId: category.id,
      categoryName: category.name,
      tags: [
        { id: expect.any(Number), name: 'alpha' },
        { id: expect.any(Number), name: 'zeta' },
      ],
      featured: false,
      published: true,
      scheduledFor: null,
      autoPublish: false,
      publishedAt: older.publishedAt!.toISOString(),
      createdAt: older.createdAt.toISOString(),
      updatedAt: older.updatedAt.toISOString(),
      displayStatus: 'published',
      views: 0,
    });
    expect(tagIds).toHaveLength(2);
    expect(list.find((post) => post.id === draft.id)).toMatchObject({
      displayStatus: 'draft',
      categoryName: null,
      publishedAt: null,
      tags: [],
    });
    expect(list.find((post) => post.id === scheduled.id)).toMatchObject({
      displayStatus: 'scheduled',
      scheduledFor: '2031-05-01T09:30:00.000Z',
      autoPublish: true,
    });
  });
});

describe('GET /api/admin/blog-posts/:id', () => {
  test('answers one post, a draft included, in the same shape as the list', async () => {
    const draft = await createPostRow(db(), { published: false, content: '# Draft\n\nNot yet.' });
    const response = await typed.read(draft.id);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(ADMIN_POST_KEYS);
    expect(body).toMatchObject({
      id: draft.id,
      slug: draft.slug,
      content: '# Draft\n\nNot yet.',
      published: false,
      displayStatus: 'draft',
    });
  });

  test('an unknown id is 404 "Post not found"', async () => {
    const response = await get(`${POSTS}/${UNKNOWN_ID}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: MESSAGES.notFound });
  });

  for (const id of MALFORMED_IDS) {
    test(`a malformed id (${id}) is 400, never 500`, async () => {
      const response = await get(`${POSTS}/${id}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: MESSAGES.badId, field: 'id' });
    });
  }
});

describe('POST /api/admin/blog-posts', () => {
  test('creates a draft: 201 with the post, stored as sent, with a generated cover and no publication date', async () => {
    const category = await createCategory(db());
    const ticket = pageCache.ticket();
    const body = {
      title: '  Coaching Through Change  ',
      slug: unique('coaching-through-change'),
      content: '# Coaching Through Change\n\nStay curious.',
      excerpt: '  How to lead when everything moves.  ',
      categoryId: category.id,
      customImage: '',
      featured: true,
      published: false,
      scheduledFor: null,
      autoPublish: false,
    };
    const response = await typed.create(body);
    expect(response.status).toBe(201);
    const post = await response.json();
    expect(Object.keys(post).sort()).toEqual(ADMIN_POST_KEYS);
    // Stored as sent, and answered so: the same fields in the row and in the JSON.
    const stored = {
      slug: body.slug,
      title: 'Coaching Through Change',
      excerpt: 'How to lead when everything moves.',
      content: body.content,
      imageUrl: `/api/posts/${body.slug}/cover.svg`,
      customImage: null,
      categoryId: category.id,
      featured: true,
      published: false,
      publishedAt: null,
    };
    expect(post).toMatchObject({
      ...stored,
      categoryName: category.name,
      tags: [],
      scheduledFor: null,
      autoPublish: false,
      displayStatus: 'draft',
    });
    isoNear(post.createdAt);
    expect(await storedPost(post.id)).toMatchObject(stored);
    // The write told the page caches (contentChanged clears this instance's cache).
    expect(pageCache.ticket()).toBeGreaterThan(ticket);
  });

  test('only title and content are needed; the rest takes its defaults', async () => {
    const post = await createdPost({ title: 'Minimal Post Title' });
    expect(post).toMatchObject({
      slug: 'minimal-post-title',
      excerpt: '',
      categoryId: null,
      categoryName: null,
      customImage: null,
      imageUrl: '/api/posts/minimal-post-title/cover.svg',
      featured: false,
      published: false,
      autoPublish: false,
      scheduledFor: null,
      displayStatus: 'draft',
    });
  });

  test('published on create: dated now, and visible on the public API at once', async () => {
    const post = await createdPost({ published: true });
    expect(post.displayStatus).toBe('published');
    isoNear(post.publishedAt);
    expect((await storedPost(post.id))!.publishedAt).toBeInstanceOf(Date);
    expect((await request(`/api/blog-posts/${post.slug}`)).status).toBe(200);
  });

  test('a custom image replaces the generated cover', async () => {
    const post = await createdPost({ customImage: ' https://images.example.com/cover.jpg ' });
    expect(post).toMatchObject({ customImage: 'https://images.example.com/cover.jpg', imageUrl: null });
    const stored = await storedPost(post.id);
    expect(stored).toMatchObject({ customImage: 'https://images.example.com/cover.jpg', imageUrl: null });
    const samePath = await createdPost({ customImage: '/api/uploads/abc.png' });
    expect(samePath).toMatchObject({ customImage: '/api/uploads/abc.png', imageUrl: null });
  });

  test('a schedule with an offset is stored as that instant; the post is Scheduled until published', async () => {
    const post = await createdPost({ scheduledFor: '2030-01-01T10:00:00+02:00', autoPublish: true });
    expect(post).toMatchObject({
      scheduledFor: '2030-01-01T08:00:00.000Z',
      autoPublish: true,
      published: false,
      displayStatus: 'scheduled',
    });
    expect((await storedPost(post.id))!.scheduledFor).toEqual(new Date('2030-01-01T08:00:00Z'));
    expect((await request(`/api/blog-posts/${post.slug}`)).status).toBe(404);
  });

  test('emoji, right-to-left text and combining marks round-trip byte for byte', async () => {
    const title = `Leading 👩🏽‍💼 with مرحبا and e\u0301 ${unique('x')}`;
    const content = 'שלום — 你好 👋🏾\n\nZoë.';
    const post = await createdPost({ title, content });
    expect(post).toMatchObject({ title, content });
    expect(await storedPost(post.id)).toMatchObject({ title, content });
  });

  describe('slugs', () => {
    test('without a slug, it is generated from the title; the same title again gets -2, then -3', async () => {
      const title = `The ${unique('Growth')} Mindset!`;
      const expected = slugify(title);
      expect(expected).toMatch(/^the-growth-\d+-[a-z0-9]+-mindset$/);
      const first = await createdPost({ title });
      const second = await createdPost({ title, slug: '' });
      const third = await createdPost({ title, slug: null });
      expect([first.slug, second.slug, third.slug]).toEqual([expected, `${expected}-2`, `${expected}-3`]);
      expect(second.imageUrl).toBe(`/api/posts/${expected}-2/cover.svg`);
    });

    test('five simultaneous creates from the same title all succeed, each with its own slug', async () => {
      const title = unique('Twin Title');
      const responses = await Promise.all([1, 2, 3, 4, 5].map(() => typed.create(validPost({ title }))));
      expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
      const slugs = await Promise.all(responses.map(async (response) => (await response.json()).slug));
      const base = slugify(title);
      expect(slugs.sort()).toEqual([base, `${base}-2`, `${base}-3`, `${base}-4`, `${base}-5`]);
    });

    test('a title with nothing to make a slug from, and no slug, is refused', async () => {
      await expectRefused(() => create(validPost({ title: '日本語のタイトル' })), 400, { message: MESSAGES.slug, field: 'slug' });
    });

    test('an explicit slug that is taken is 409 and nothing is stored', async () => {
      const existing = await createdPost();
      await expectRefused(() => create(validPost({ slug: existing.slug })), 409, { message: MESSAGES.duplicateSlug });
    });

    test('two simultaneous creates with the same explicit slug: one 201, one 409, one row', async () => {
      const slug = unique('race');
      const responses = await Promise.all([create(validPost({ slug })), create(validPost({ slug }))]);
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      const loser = responses.find((response) => response.status === 409)!;
      expect(await loser.json()).toEqual({ message: MESSAGES.duplicateSlug });
      expect(await db().select().from(posts).where(eq(posts.slug, slug))).toHaveLength(1);
    });
  });

  test('signed out: 401; signed in as a user: 403; nothing stored', async () => {
    await expectRefused(() => sendJson('POST', POSTS, validPost()), 401, { message: MESSAGES.signedOut });
    const user = await signedIn(db(), 'user');
    await expectRefused(() => sendJson('POST', POSTS, validPost(), { headers: { Cookie: user.cookie } }), 403, {
      message: MESSAGES.notAdmin,
    });
  });
});

describe("listAdminPosts (the dashboard's Recent Posts)", () => {
  test('with a limit, only the newest created posts, drafts included, with their tags', async () => {
    const { listAdminPosts } = await import('#server/services/posts/admin-post.ts');
    const base = Date.UTC(2031, 0, 1);
    const made = [];
    for (let n = 0; n < 7; n++) {
      made.push(await createPostRow(db(), { createdAt: new Date(base + n * 60_000), published: n % 2 === 0, tagNames: [unique('Tag')] }));
    }
    const newest = await listAdminPosts(5);
    expect(newest.map((post) => post.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((post) => post.id),
    );
    expect(newest.map((post) => post.published)).toEqual([true, false, true, false, true]);
    expect(newest.every((post) => post.tags.length === 1)).toBe(true);
    expect((await listAdminPosts()).length).toBeGreaterThanOrEqual(7);
  });
});
