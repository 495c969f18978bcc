// Admin posts (docs/product.md §2 post list/editor, §4 post states, §5 post rules, §7 admin calls;
// docs/security.md#input-validation). Every refusal asserts the status, the
// exact body and that the posts and post_tags tables are exactly as they were.
import { describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { posts, postTags, tags } from '#db/schema.ts';
import { pageCache } from '#server/cache/page-cache.ts';
import { renderPostBody } from '#server/markdown/render.ts';
import { currentSlugOf } from '#server/services/posts/published.ts';
import { listTagNames, TAG_SUGGESTIONS_MAX } from '#server/services/posts/tags.ts';
import { slugify } from '#src/lib/slugify.ts';
import type { PostInput, PostTag } from '#src/schemas/post.ts';
import { typedApi } from '../helpers/api.ts';
import { request, SITE_ORIGIN, sendJson } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createCategory, createPost as createPostRow, unique } from '../helpers/factories.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

const POSTS = '/api/admin/blog-posts';
const ADMIN_POST_KEYS = [
  'autoPublish',
  'categoryId',
  'categoryName',
  'content',
  'createdAt',
  'customImage',
  'displayStatus',
  'excerpt',
  'featured',
  'id',
  'imageUrl',
  'published',
  'publishedAt',
  'scheduledFor',
  'slug',
  'tags',
  'title',
  'updatedAt',
  'version',
];

const MESSAGES = {
  required: 'Title and content are required.',
  slug: 'Slug may contain only lowercase letters, digits and hyphens',
  categoryId: 'Category must be a category id',
  categoryNotFound: 'Category not found',
  schedule: 'Schedule must be a date and time',
  customImage: 'Custom image must be an http(s) URL or a path on this site',
  duplicateSlug: 'A post with this slug already exists',
  notFound: 'Post not found',
  badId: 'id must be a positive whole number',
  tooLarge: 'Request body too large',
  signedOut: 'Authentication required',
  notAdmin: 'Admin privileges required',
};

const MALFORMED_IDS = ['abc', '-1', '0', '1.5', '99999999999'];
const UNKNOWN_ID = 2_147_483_647;

type Json = Record<string, unknown>;

const get = (path: string) => request(path, { headers: admin.headers() });
const create = (body: unknown) => sendJson('POST', POSTS, body, { headers: admin.headers() });
const update = (id: number | string, body: unknown) => sendJson('PUT', `${POSTS}/${id}`, body, { headers: admin.headers() });
const publish = (id: number | string, body: unknown) => sendJson('PATCH', `${POSTS}/${id}/publish`, body, { headers: admin.headers() });
const remove = (id: number | string) => sendJson('DELETE', `${POSTS}/${id}`, undefined, { headers: admin.headers() });
const preview = (body: unknown) => sendJson('POST', `${POSTS}/preview`, body, { headers: admin.headers() });

// The same calls through the typed client (tests/helpers/api.ts), whose answers are typed by their
// routes; the raw helpers above send what the API must refuse, which the typed client would not compile.
const { adminApi } = typedApi(admin.headers);
const byId = (id: number) => ({ param: { id: String(id) } });
const typed = {
  list: () => adminApi['blog-posts'].$get({ query: {} }),
  read: (id: number) => adminApi['blog-posts'][':id'].$get(byId(id)),
  create: (json: PostInput) => adminApi['blog-posts'].$post({ json }),
  update: (id: number, json: PostInput) => adminApi['blog-posts'][':id'].$put({ ...byId(id), json }),
  publish: (id: number, published: boolean) => adminApi['blog-posts'][':id'].publish.$patch({ ...byId(id), json: { published } }),
  preview: (json: { title?: string; content: string }) => adminApi['blog-posts'].preview.$post({ json }),
};

/** The least a create needs, with a title no other test uses. */
const validPost = <T extends Json>(overrides?: T) => ({ title: unique('Leading Well'), content: '## Start\n\nBody text.', ...overrides });

async function createdPost(overrides: Partial<PostInput> = {}) {
  const response = await typed.create(validPost(overrides));
  expect(response.status).toBe(201);
  return response.json();
}

const storedPost = async (id: number) => (await db().select().from(posts).where(eq(posts.id, id)))[0];

/** Every row of the tables these endpoints write, in a stable order. */
async function snapshot() {
  return {
    posts: await db().select().from(posts).orderBy(asc(posts.id)),
    postTags: await db().select().from(postTags).orderBy(asc(postTags.postId), asc(postTags.tagId)),
  };
}

/** A request that must be refused: its status and body, and nothing changed. */
const expectRefused = refusalChecker(snapshot);

const isoNear = (value: string | null, at = Date.now()) => {
  expect(typeof value).toBe('string');
  expect(Math.abs(Date.parse(value ?? '') - at)).toBeLessThan(60_000);
};

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

  describe('validation (docs/security.md#markdown): 400 naming the field, nothing stored', () => {
    const refusals: [string, Json, Json][] = [
      ['title missing', { title: undefined }, { message: MESSAGES.required, field: 'title' }],
      ['title blank', { title: '   ' }, { message: MESSAGES.required, field: 'title' }],
      ['title a number', { title: 123 }, { message: MESSAGES.required, field: 'title' }],
      ['title null', { title: null }, { message: MESSAGES.required, field: 'title' }],
      ['title of 201 characters', { title: 'x'.repeat(201) }, { message: 'Title must be at most 200 characters', field: 'title' }],
      ['content missing', { content: undefined }, { message: MESSAGES.required, field: 'content' }],
      ['content blank', { content: ' \n\t ' }, { message: MESSAGES.required, field: 'content' }],
      ['content an array', { content: ['x'] }, { message: MESSAGES.required, field: 'content' }],
      [
        'content of 200,001 characters',
        { content: 'x'.repeat(200_001) },
        { message: 'Content must be at most 200000 characters', field: 'content' },
      ],
      ['excerpt of 501 characters', { excerpt: 'x'.repeat(501) }, { message: 'Excerpt must be at most 500 characters', field: 'excerpt' }],
      ['excerpt a number', { excerpt: 5 }, { message: 'Excerpt must be text', field: 'excerpt' }],
      ...['../x', 'a/b', '%2F', 'A B', 'x'.repeat(201), 'ü', '-a', 'a-', 'a--b', 'a_b'].map((slug): [string, Json, Json] => [
        `slug ${JSON.stringify(slug.slice(0, 12))}`,
        { slug },
        { message: MESSAGES.slug, field: 'slug' },
      ]),
      ['slug a number', { slug: 12 }, { message: MESSAGES.slug, field: 'slug' }],
      ['categoryId unknown', { categoryId: 999_999 }, { message: MESSAGES.categoryNotFound, field: 'categoryId' }],
      ...['1', 1.5, -1, 0, true, 99_999_999_999].map((categoryId): [string, Json, Json] => [
        `categoryId ${JSON.stringify(categoryId)}`,
        { categoryId },
        { message: MESSAGES.categoryId, field: 'categoryId' },
      ]),
      ...['tomorrow', '2025-13-40', '2025-13-40T10:00:00Z', '2030-01-01T10:00:00', '0000-01-01T00:00:00Z', 1_893_456_000_000, true].map(
        (scheduledFor): [string, Json, Json] => [
          `scheduledFor ${JSON.stringify(scheduledFor)}`,
          { scheduledFor },
          { message: MESSAGES.schedule, field: 'scheduledFor' },
        ],
      ),
      ['published "true"', { published: 'true' }, { message: 'Published must be true or false', field: 'published' }],
      ['featured 1', { featured: 1 }, { message: 'Featured must be true or false', field: 'featured' }],
      ['autoPublish "yes"', { autoPublish: 'yes' }, { message: 'Auto-publish must be true or false', field: 'autoPublish' }],
      ...['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:image/png;base64,AAAA', 'vbscript:msgbox', '//evil.example/x.png', 5].map(
        (customImage): [string, Json, Json] => [
          `customImage ${JSON.stringify(customImage)}`,
          { customImage },
          { message: MESSAGES.customImage, field: 'customImage' },
        ],
      ),
      [
        'customImage of 2,049 characters',
        { customImage: `https://x.example/${'a'.repeat(2031)}` },
        { message: MESSAGES.customImage, field: 'customImage' },
      ],
      ['tags a string', { tags: 'a,b' }, { message: 'Tags must be a list of text', field: 'tags' }],
      ['a tag a number', { tags: ['ok', 5] }, { message: 'Tags must be a list of text', field: 'tags.1' }],
      ['a blank tag', { tags: ['ok', '  '] }, { message: 'Tags must be 1 to 50 characters each', field: 'tags.1' }],
      ['a tag of 51 characters', { tags: ['x'.repeat(51)] }, { message: 'Tags must be 1 to 50 characters each', field: 'tags.0' }],
      ['21 tags', { tags: Array.from({ length: 21 }, (_, n) => `tag ${n}`) }, { message: 'Tags are limited to 20', field: 'tags' }],
      ...['id', 'publishedAt', 'createdAt', 'updatedAt', 'imageUrl', 'displayStatus', '__proto__'].map((field): [string, Json, Json] => [
        `server-owned field ${field}`,
        { [field]: field === 'id' ? 1 : 'x' },
        { message: `Unknown field: ${field}`, field },
      ]),
      [
        'a NUL character in the title',
        { title: 'Bad\u0000title' },
        { message: 'title contains characters that are not allowed', field: 'title' },
      ],
    ];

    for (const [name, overrides, expected] of refusals) {
      test(`create: ${name}`, async () => {
        // JSON.stringify drops undefined, which is how a missing field is sent; __proto__ must be an own key to be sent at all.
        const body = name.endsWith('__proto__') ? `{"title":"T","content":"C","__proto__":{"x":1}}` : validPost(overrides);
        await expectRefused(() => create(body), 400, expected);
      });
    }

    test('a body that is not a JSON object is "Invalid JSON body"', async () => {
      for (const body of ['[]', 'null', '{']) await expectRefused(() => create(body), 400, { message: 'Invalid JSON body' });
    });

    test('a body that is not JSON is 415', async () => {
      await expectRefused(
        () => sendJson('POST', POSTS, 'title=x', { headers: { ...admin.headers(), 'Content-Type': 'application/x-www-form-urlencoded' } }),
        415,
        { message: 'Content-Type must be application/json' },
      );
    });

    test('a body over 1 MB is 413 "Request body too large"', async () => {
      await expectRefused(() => create(validPost({ content: 'x'.repeat(1024 * 1024 + 1) })), 413, { message: MESSAGES.tooLarge });
    });

    test('a chunked body over 1 MB, with no declared length, is 413 too', async () => {
      const bytes = new TextEncoder().encode(JSON.stringify(validPost({ content: 'x'.repeat(2 * 1024 * 1024) })));
      const chunked = () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024));
            controller.close();
          },
        });
      const send = () =>
        request(POSTS, {
          method: 'POST',
          headers: { ...admin.headers(), 'Content-Type': 'application/json', Origin: SITE_ORIGIN },
          body: chunked(),
          duplex: 'half',
        } as RequestInit);
      await expectRefused(send, 413, { message: MESSAGES.tooLarge });
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

describe('tags (issue 19): saved with the post, replaced by a list, kept when absent', () => {
  const names = (post: { tags: PostTag[] }) => post.tags.map((tag) => tag.name);
  const storedNames = async (id: number) =>
    (await db().select({ name: tags.name }).from(postTags).innerJoin(tags, eq(tags.id, postTags.tagId)).where(eq(postTags.postId, id)))
      .map((row) => row.name)
      .sort();

  test('create stores the tags, trimmed, each once whatever its letter case, new ones created', async () => {
    const fresh = unique('Fresh tag');
    const post = await createdPost({ tags: [' Focus ', fresh, 'focus', fresh] });
    expect(names(post)).toEqual([fresh, 'Focus'].sort());
    expect(await storedNames(post.id)).toEqual([fresh, 'Focus'].sort());
    // 20 is the limit, after duplicates are merged.
    const twenty = await createdPost({ tags: [...Array.from({ length: 20 }, (_, n) => `Twenty ${n}`), 'twenty 0'] });
    expect(names(twenty)).toHaveLength(20);
  });

  test('update replaces the tags; without tags it keeps them; an empty list clears them', async () => {
    const post = await createdPost({ tags: ['Trust', 'Focus'] });
    const replaced = await typed.update(post.id, validPost({ tags: ['Focus', 'Feedback'] }));
    expect(replaced.status).toBe(200);
    expect(names(await replaced.json())).toEqual(['Feedback', 'Focus']);
    expect(await storedNames(post.id)).toEqual(['Feedback', 'Focus']);
    const kept = await typed.update(post.id, validPost({ title: 'Still Tagged' }));
    expect(names(await kept.json())).toEqual(['Feedback', 'Focus']);
    const cleared = await typed.update(post.id, validPost({ tags: [] }));
    expect(names(await cleared.json())).toEqual([]);
    expect(await storedNames(post.id)).toEqual([]);
    // The tag itself stays, as a suggestion for the next post.
    expect(await db().select().from(tags).where(eq(tags.name, 'Trust'))).toHaveLength(1);
  });

  test('a bad tag list on update is refused and the stored tags stay', async () => {
    const post = await createdPost({ tags: ['Trust'] });
    await expectRefused(() => update(post.id, validPost({ tags: ['ok', 'x'.repeat(51)] })), 400, {
      message: 'Tags must be 1 to 50 characters each',
      field: 'tags.1',
    });
    expect(await storedNames(post.id)).toEqual(['Trust']);
  });
});

describe('PUT /api/admin/blog-posts/:id', () => {
  test('replaces every editable field and stores it; updatedAt moves, createdAt stays', async () => {
    const original = await createdPost({ excerpt: 'Old', featured: true });
    const category = await createCategory(db());
    const ticket = pageCache.ticket();
    const slug = unique('renamed-post');
    const response = await typed.update(original.id, {
      title: 'Renamed Post',
      slug,
      content: 'New body.',
      excerpt: 'New excerpt',
      categoryId: category.id,
      customImage: '/api/uploads/cover.png',
      featured: false,
      published: false,
      scheduledFor: '2031-02-03T04:05:06Z',
      autoPublish: true,
    });
    expect(response.status).toBe(200);
    const post = await response.json();
    expect(post).toMatchObject({
      id: original.id,
      slug,
      title: 'Renamed Post',
      content: 'New body.',
      excerpt: 'New excerpt',
      categoryId: category.id,
      categoryName: category.name,
      customImage: '/api/uploads/cover.png',
      imageUrl: null,
      featured: false,
      scheduledFor: '2031-02-03T04:05:06.000Z',
      autoPublish: true,
      displayStatus: 'scheduled',
      createdAt: original.createdAt,
    });
    expect(Date.parse(post.updatedAt)).toBeGreaterThanOrEqual(Date.parse(original.updatedAt));
    expect(await storedPost(original.id)).toMatchObject({
      slug,
      title: 'Renamed Post',
      categoryId: category.id,
      customImage: '/api/uploads/cover.png',
      imageUrl: null,
      scheduledFor: new Date('2031-02-03T04:05:06Z'),
    });
    expect(pageCache.ticket()).toBeGreaterThan(ticket);
  });

  test('dropping the custom image brings back the generated cover, for the new slug', async () => {
    const original = await createdPost({ customImage: 'https://images.example.com/a.jpg' });
    const slug = unique('cover-again');
    const response = await update(original.id, validPost({ slug, customImage: null }));
    expect(await response.json()).toMatchObject({ customImage: null, imageUrl: `/api/posts/${slug}/cover.svg` });
  });

  test('keeping its own slug is not a conflict; without a slug it is regenerated from the title, its own slug counting as free', async () => {
    const original = await createdPost({ title: unique('Steady Title') });
    const same = await update(original.id, validPost({ title: original.title, slug: original.slug }));
    expect(same.status).toBe(200);
    const regenerated = await typed.update(original.id, validPost({ title: original.title }));
    expect((await regenerated.json()).slug).toBe(original.slug);
  });

  test('saving a published post keeps its first publication date', async () => {
    const original = await createdPost({ published: true });
    const response = await typed.update(original.id, validPost({ published: true }));
    expect((await response.json()).publishedAt).toBe(original.publishedAt);
  });

  test("another post's slug is 409 and nothing changes", async () => {
    const [first, second] = [await createdPost(), await createdPost()];
    await expectRefused(() => update(second.id, validPost({ slug: first.slug })), 409, { message: MESSAGES.duplicateSlug });
  });

  test('an unknown id is 404; a malformed one 400', async () => {
    await expectRefused(() => update(UNKNOWN_ID, validPost()), 404, { message: MESSAGES.notFound });
    for (const id of MALFORMED_IDS) await expectRefused(() => update(id, validPost()), 400, { message: MESSAGES.badId, field: 'id' });
  });

  test('the same rules as create: missing content, unknown fields and bad categories are refused', async () => {
    const post = await createdPost();
    await expectRefused(() => update(post.id, validPost({ content: '' })), 400, { message: MESSAGES.required, field: 'content' });
    await expectRefused(() => update(post.id, validPost({ publishedAt: '2020-01-01T00:00:00Z' })), 400, {
      message: 'Unknown field: publishedAt',
      field: 'publishedAt',
    });
    await expectRefused(() => update(post.id, validPost({ categoryId: 999_999 })), 400, {
      message: MESSAGES.categoryNotFound,
      field: 'categoryId',
    });
    await expectRefused(() => update(post.id, validPost({ content: 'x'.repeat(1024 * 1024 + 1) })), 413, { message: MESSAGES.tooLarge });
  });
});

describe('PATCH /api/admin/blog-posts/:id/publish', () => {
  test('publishing dates the post once: publishing again keeps the first date', async () => {
    const draft = await createdPost();
    const first = await typed.publish(draft.id, true);
    expect(first.status).toBe(200);
    const published = await first.json();
    expect(published).toMatchObject({ id: draft.id, published: true, displayStatus: 'published' });
    isoNear(published.publishedAt);
    const again = await (await typed.publish(draft.id, true)).json();
    expect(again.publishedAt).toBe(published.publishedAt);
    expect(published.publishedAt).toBe((await storedPost(draft.id))!.publishedAt!.toISOString());
  });

  test('unpublishing hides the post from the public API, RSS and sitemap at once, and keeps its date', async () => {
    const post = await createdPost({ published: true });
    expect((await request(`/api/blog-posts/${post.slug}`)).status).toBe(200);
    expect(await (await request('/rss.xml')).text()).toContain(`/blog/${post.slug}<`);
    expect(await (await request('/sitemap.xml')).text()).toContain(`/blog/${post.slug}<`);

    const ticket = pageCache.ticket();
    const response = await publish(post.id, { published: false });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ published: false, publishedAt: post.publishedAt, displayStatus: 'draft' });
    expect(pageCache.ticket()).toBeGreaterThan(ticket);

    const hidden = await request(`/api/blog-posts/${post.slug}`);
    expect(hidden.status).toBe(404);
    expect(await (await request('/rss.xml')).text()).not.toContain(post.slug);
    expect(await (await request('/sitemap.xml')).text()).not.toContain(post.slug);
    expect((await request('/api/blog-posts?limit=50')).ok).toBe(true);
    expect(await (await request('/api/blog-posts?limit=50')).text()).not.toContain(post.slug);
  });

  test('unpublishing a post whose schedule has passed turns auto-publish off, so the scheduler leaves it down', async () => {
    const post = await createdPost({ published: true, scheduledFor: '2020-01-01T00:00:00Z', autoPublish: true });
    const response = await publish(post.id, { published: false });
    expect(await response.json()).toMatchObject({ published: false, autoPublish: false, displayStatus: 'scheduled' });
  });

  test('{published: "yes"}, a missing or an extra field is 400; an unknown id 404; nothing changes', async () => {
    const post = await createdPost();
    await expectRefused(() => publish(post.id, { published: 'yes' }), 400, {
      message: 'Published must be true or false',
      field: 'published',
    });
    await expectRefused(() => publish(post.id, {}), 400, { message: 'Published must be true or false', field: 'published' });
    await expectRefused(() => publish(post.id, { published: true, publishedAt: '2020-01-01T00:00:00Z' }), 400, {
      message: 'Unknown field: publishedAt',
      field: 'publishedAt',
    });
    await expectRefused(() => publish(UNKNOWN_ID, { published: true }), 404, { message: MESSAGES.notFound });
    await expectRefused(() => publish('abc', { published: true }), 400, { message: MESSAGES.badId, field: 'id' });
  });

  test('a GET cannot publish', async () => {
    const post = await createdPost();
    const response = await get(`${POSTS}/${post.id}/publish`);
    expect(response.status).toBe(404);
    expect((await storedPost(post.id))!.published).toBe(false);
  });
});

describe('DELETE /api/admin/blog-posts/:id', () => {
  test('deletes the post and its tag links: 204, then 404 the second time', async () => {
    const post = await createPostRow(db(), { tagNames: [unique('tag')] });
    const ticket = pageCache.ticket();
    const response = await remove(post.id);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(await storedPost(post.id)).toBeUndefined();
    expect(await db().select().from(postTags).where(eq(postTags.postId, post.id))).toEqual([]);
    expect(pageCache.ticket()).toBeGreaterThan(ticket);
    expect((await request(`/api/blog-posts/${post.slug}`)).status).toBe(404);
    await expectRefused(() => remove(post.id), 404, { message: MESSAGES.notFound });
  });

  test('a malformed id is 400', async () => {
    for (const id of MALFORMED_IDS) await expectRefused(() => remove(id), 400, { message: MESSAGES.badId, field: 'id' });
  });
});

describe('POST /api/admin/blog-posts/preview', () => {
  test('renders exactly what the public page renders: the first H1 line dropped, hostile HTML inert, nothing stored', async () => {
    const title = 'Leading With Care';
    const content = '# Leading With Care\n\nHello <img src=x onerror=alert(1)> <script>alert(2)</script>\n\n[x](javascript:alert(3))';
    const before = await snapshot();
    const response = await typed.preview({ title, content });
    expect(response.status).toBe(200);
    const { html } = await response.json();
    expect(html).toBe(await renderPostBody(content));
    expect(html).not.toContain('<h1');
    expect(html).not.toContain('Leading With Care');
    expect(html).toContain('<img src="x">');
    expect(html).not.toMatch(/onerror|<script|javascript:/i);
    expect(await snapshot()).toEqual(before);
  });

  test('"sanitised Markdown with the first H1 line removed": whatever its text; an empty body renders empty', async () => {
    const response = await typed.preview({ title: 'Other', content: '# Leading With Care\n\nBody.\n\n# A later H1' });
    expect((await response.json()).html).toBe('<p>Body.</p>\n<h1>A later H1</h1>');
    const empty = await (await typed.preview({ content: '' })).json();
    expect(empty.html).toBe('');
  });

  test('wrong types and unknown fields are 400', async () => {
    await expectRefused(() => preview({ title: 'T', content: 5 }), 400, { message: 'Content must be text', field: 'content' });
    await expectRefused(() => preview({ title: 'T' }), 400, { message: 'Content must be text', field: 'content' });
    await expectRefused(() => preview({ title: ['T'], content: 'x' }), 400, { message: 'Title must be text', field: 'title' });
    await expectRefused(() => preview({ title: 'T', content: 'x', id: 1 }), 400, { message: 'Unknown field: id', field: 'id' });
    await expectRefused(() => preview({ title: 'T', content: 'x'.repeat(200_001) }), 400, {
      message: 'Content must be at most 200000 characters',
      field: 'content',
    });
  });

  test('signed in as a user: 403', async () => {
    const user = await signedIn(db(), 'user');
    const response = await sendJson('POST', `${POSTS}/preview`, { title: 'T', content: 'x' }, { headers: { Cookie: user.cookie } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: MESSAGES.notAdmin });
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

describe('earlier slugs of a published post', () => {
  test('a renamed published post keeps each earlier slug, pointing at its current one', async () => {
    const post = await createdPost({ published: true });
    const second = await (await typed.update(post.id, validPost({ title: unique('Renamed Once'), published: true }))).json();
    const third = await (await typed.update(post.id, validPost({ title: unique('Renamed Twice'), published: true }))).json();
    expect(await currentSlugOf(post.slug)).toBe(third.slug);
    expect(await currentSlugOf(second.slug)).toBe(third.slug);
    expect(await currentSlugOf(third.slug)).toBeNull();
  });

  test('a post never published leaves no earlier address; an unpublished one redirects nowhere', async () => {
    const draft = await createdPost();
    await update(draft.id, validPost({ title: unique('Draft Renamed') }));
    expect(await currentSlugOf(draft.slug)).toBeNull();

    const post = await createdPost({ published: true });
    await update(post.id, validPost({ title: unique('Then Hidden'), published: false }));
    expect(await currentSlugOf(post.slug)).toBeNull();
  });

  test("an earlier slug taken by another post is that post's own address, and going back to an old slug drops its redirect", async () => {
    const post = await createdPost({ published: true });
    const renamed = await (await typed.update(post.id, validPost({ title: unique('Moved On'), published: true }))).json();
    const taker = await createdPost({ slug: post.slug, published: true });
    expect(taker.slug).toBe(post.slug);
    expect(await currentSlugOf(post.slug)).toBeNull();

    const back = await (await typed.update(post.id, validPost({ slug: post.slug.concat('-again'), published: true }))).json();
    expect(await currentSlugOf(renamed.slug)).toBe(back.slug);
    await update(post.id, validPost({ slug: renamed.slug, published: true }));
    expect(await currentSlugOf(renamed.slug)).toBeNull();
    expect(await currentSlugOf(back.slug)).toBe(renamed.slug);
  });
});

describe("the editor's tag suggestions", () => {
  test('offer the most-used tags, alphabetically, never every tag: a tag on no post comes last', async () => {
    // This test counts the whole tags table, so it starts without tags.
    await db().delete(tags);
    const names = Array.from({ length: 25 }, (_, i) => `suggest-${String(i).padStart(2, '0')}`);
    await db()
      .insert(tags)
      .values(names.map((name) => ({ name })));
    // suggest-24 is on three posts, suggest-23 on two, suggest-22 on one; the rest on none.
    for (const [index, uses] of [
      [24, 3],
      [23, 2],
      [22, 1],
    ] as const) {
      for (let i = 0; i < uses; i++) await createPostRow(db(), { tagNames: [names[index]!] });
    }
    expect(await listTagNames()).toEqual(names);
    expect(await listTagNames(3)).toEqual(['suggest-22', 'suggest-23', 'suggest-24']);
    expect(await listTagNames(4)).toEqual(['suggest-00', 'suggest-22', 'suggest-23', 'suggest-24']);
    expect(TAG_SUGGESTIONS_MAX).toBeLessThan(1000);
  });
});
