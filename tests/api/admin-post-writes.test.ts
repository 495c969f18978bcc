// Admin posts: changing a post once created (docs/product.md §2 post editor, §4 post states, §5 post
// rules, §7 admin calls): its tags, an update, publishing and unpublishing, deleting, and the earlier
// slugs a renamed published post keeps. Every refusal asserts the status, the exact body and that
// the posts and post_tags tables are exactly as they were.
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { postTags, tags } from '#db/schema.ts';
import { pageCache } from '#server/cache/page-cache.ts';
import { currentSlugOf } from '#server/services/posts/published.ts';
import type { PostTag } from '#src/schemas/post.ts';
import { adminPostsApi, isoNear, MALFORMED_IDS, MESSAGES, POSTS, UNKNOWN_ID, validPost } from '../helpers/admin-posts.ts';
import { request } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createCategory, createPost as createPostRow, unique } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { get, update, publish, remove, typed, createdPost, storedPost, expectRefused } = adminPostsApi(db, admin);

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
