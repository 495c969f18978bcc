// Admin posts: what creating a post refuses (docs/security.md#input-validation, #markdown; docs/product.md
// §5 post rules): each bad field, a body that is not a JSON object, not JSON or over 1 MB. Every refusal
// asserts the status, the exact body and that the posts and post_tags tables are exactly as they were.
import { describe, test } from 'bun:test';
import { adminPostsApi, type Json, MESSAGES, POSTS, validPost } from '../helpers/admin-posts.ts';
import { request, SITE_ORIGIN, sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { create, expectRefused } = adminPostsApi(db, admin);

describe('POST /api/admin/blog-posts', () => {
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
});
