import { describe, expect, test } from 'bun:test';
import { request } from '../helpers/app.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createCategory, createPost, createTestimonial } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const day = (n: number) => new Date(Date.UTC(2030, 0, n));

async function getJson(path: string) {
  const response = await request(path);
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the shape its endpoint answers
  const body: any = await response.json();
  return { status: response.status, type: response.headers.get('content-type'), body };
}

describe('GET /api/blog-posts', () => {
  test('lists only published posts of a category, newest first, with pagination', async () => {
    const category = await createCategory(db());
    const older = await createPost(db(), { categoryId: category.id, publishedAt: day(1), tagNames: ['Focus', 'Delegation'] });
    const newer = await createPost(db(), { categoryId: category.id, publishedAt: day(2) });
    await createPost(db(), { categoryId: category.id, published: false });
    await createPost(db(), { categoryId: category.id, published: false, scheduledFor: day(3), autoPublish: true });

    const { status, body } = await getJson(`/api/blog-posts?category=${category.slug}`);
    expect(status).toBe(200);
    expect(body.posts.map((p: { slug: string }) => p.slug)).toEqual([newer.slug, older.slug]);
    expect(body.pagination).toEqual({ total: 2, limit: 9, offset: 0, hasMore: false });
    expect(body.posts[1]).toMatchObject({
      id: older.id,
      title: older.title,
      excerpt: older.excerpt,
      categoryId: category.id,
      published: true,
      featured: false,
      publishedAt: day(1).toISOString(),
      tags: [expect.objectContaining({ name: 'Delegation' }), expect.objectContaining({ name: 'Focus' })],
    });
    expect(body.posts[1]).not.toHaveProperty('content');
  });

  test('pages with limit and offset and reports whether more follow', async () => {
    const category = await createCategory(db());
    for (let n = 1; n <= 5; n++) await createPost(db(), { categoryId: category.id, publishedAt: day(n) });
    const first = await getJson(`/api/blog-posts?category=${category.slug}&limit=2&offset=0`);
    expect(first.body.posts).toHaveLength(2);
    expect(first.body.pagination).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true });
    const last = await getJson(`/api/blog-posts?category=${category.slug}&limit=2&offset=4`);
    expect(last.body.posts).toHaveLength(1);
    expect(last.body.pagination.hasMore).toBe(false);
    const beyond = await getJson(`/api/blog-posts?category=${category.slug}&offset=1000000`);
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ posts: [], pagination: { total: 5, limit: 9, offset: 1000000, hasMore: false } });
  });

  test('without a category, lists published posts of every category', async () => {
    const post = await createPost(db(), { publishedAt: day(20) });
    const draft = await createPost(db(), { published: false });
    const { body } = await getJson('/api/blog-posts?limit=50');
    const slugs = body.posts.map((p: { slug: string }) => p.slug);
    expect(slugs[0]).toBe(post.slug);
    expect(slugs).not.toContain(draft.slug);
  });

  for (const bad of ['0', '51', '-1', '1.5', 'abc', '1e3', '99999999999999999999', '']) {
    test(`limit=${bad} is refused with 400 naming limit`, async () => {
      const { status, type, body } = await getJson(`/api/blog-posts?limit=${encodeURIComponent(bad)}`);
      expect(status).toBe(400);
      expect(type).toContain('application/json');
      expect(body).toEqual({ message: 'limit must be a whole number from 1 to 50', field: 'limit' });
    });
  }

  for (const bad of ['-1', 'abc', '9223372036854775808']) {
    test(`offset=${bad} is refused with 400 naming offset`, async () => {
      const { status, body } = await getJson(`/api/blog-posts?offset=${bad}`);
      expect(status).toBe(400);
      expect(body.field).toBe('offset');
    });
  }

  test('a repeated parameter is refused', async () => {
    const { status, body } = await getJson('/api/blog-posts?limit=1&limit=50');
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'limit must be given once', field: 'limit' });
  });

  for (const category of ['nope', '../', '%00', 'x'.repeat(10_000), "'; DROP TABLE posts;--"]) {
    test(`an unknown category (${category.slice(0, 20)}) is a 404`, async () => {
      const { status, body } = await getJson(`/api/blog-posts?category=${encodeURIComponent(category)}`);
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Category not found' });
    });
  }
});

describe('GET /api/blog-posts?tag= (issue 19)', () => {
  test('lists only published posts carrying the tag, newest first, with pagination, and combines with category', async () => {
    const tag = `Resilience ${crypto.randomUUID().slice(0, 8)}`;
    const category = await createCategory(db());
    const older = await createPost(db(), { publishedAt: day(1), tagNames: [tag, 'Other'] });
    const newer = await createPost(db(), { categoryId: category.id, publishedAt: day(2), tagNames: [tag] });
    await createPost(db(), { publishedAt: day(3), tagNames: ['Other'] });
    await createPost(db(), { published: false, tagNames: [tag] });

    const all = await getJson(`/api/blog-posts?tag=${encodeURIComponent(tag)}`);
    expect(all.status).toBe(200);
    expect(all.body.posts.map((post: { id: number }) => post.id)).toEqual([newer.id, older.id]);
    expect(all.body.pagination).toEqual({ total: 2, limit: 9, offset: 0, hasMore: false });
    expect(all.body.posts[1].tags.map((t: { name: string }) => t.name)).toEqual(['Other', tag].sort());

    const firstPage = await getJson(`/api/blog-posts?tag=${encodeURIComponent(tag)}&limit=1&offset=0`);
    expect(firstPage.body.posts.map((post: { id: number }) => post.id)).toEqual([newer.id]);
    expect(firstPage.body.pagination).toEqual({ total: 2, limit: 1, offset: 0, hasMore: true });

    const both = await getJson(`/api/blog-posts?tag=${encodeURIComponent(tag)}&category=${category.slug}`);
    expect(both.body.posts.map((post: { id: number }) => post.id)).toEqual([newer.id]);
  });

  test('the tag is matched by its exact name', async () => {
    await createPost(db(), { tagNames: ['CaseTag'] });
    expect((await getJson('/api/blog-posts?tag=CaseTag')).status).toBe(200);
    expect((await getJson('/api/blog-posts?tag=casetag')).status).toBe(404);
  });

  test('a tag only drafts carry is as unknown as one that does not exist', async () => {
    await createPost(db(), { published: false, tagNames: ['Secret Launch'] });
    const { status, body } = await getJson('/api/blog-posts?tag=Secret%20Launch');
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Tag not found' });
  });

  for (const tag of ['nope', '../', '%00', 'x'.repeat(10_000), "'; DROP TABLE posts;--"]) {
    test(`an unknown tag (${tag.slice(0, 20)}) is a 404, like an unknown category`, async () => {
      const { status, body } = await getJson(`/api/blog-posts?tag=${encodeURIComponent(tag)}`);
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Tag not found' });
    });
  }

  test('a repeated tag parameter is refused', async () => {
    const { status, body } = await getJson('/api/blog-posts?tag=a&tag=b');
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'tag must be given once', field: 'tag' });
  });
});

describe('GET /api/blog-posts/{slug}', () => {
  test('returns a published post with its content and tags', async () => {
    const post = await createPost(db(), { content: '# Title\n\nText', tagNames: ['Trust'] });
    const { status, body } = await getJson(`/api/blog-posts/${post.slug}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: post.id, slug: post.slug, content: '# Title\n\nText', published: true });
    expect(body.tags.map((t: { name: string }) => t.name)).toEqual(['Trust']);
  });

  test('a draft, a scheduled post and an unknown slug give the same 404', async () => {
    const draft = await createPost(db(), { published: false });
    const scheduled = await createPost(db(), { published: false, scheduledFor: day(9), autoPublish: true });
    const answers = await Promise.all(
      [draft.slug, scheduled.slug, 'no-such-post', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(5000), '%F0%9F%98%80'].map((slug) =>
        getJson(`/api/blog-posts/${slug}`),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'Blog post not found' });
    }
  });
});

test('a dot-segment slug resolves away from the post and is a JSON 404', async () => {
  const answer = await getJson('/api/blog-posts/%2e%2e');
  expect(answer.status).toBe(404);
  expect(answer.type).toContain('application/json');
});

describe('categories and testimonials', () => {
  test('GET /api/categories lists id, name and slug', async () => {
    const category = await createCategory(db());
    const { status, body } = await getJson('/api/categories');
    expect(status).toBe(200);
    expect(body).toContainEqual({ id: category.id, name: category.name, slug: category.slug });
  });

  test('GET /api/testimonials lists every testimonial', async () => {
    const testimonial = await createTestimonial(db(), { authorImageUrl: null });
    const { status, body } = await getJson('/api/testimonials');
    expect(status).toBe(200);
    expect(body).toContainEqual({
      id: testimonial.id,
      content: testimonial.content,
      authorName: testimonial.authorName,
      authorPosition: testimonial.authorPosition,
      authorImageUrl: null,
    });
  });
});
