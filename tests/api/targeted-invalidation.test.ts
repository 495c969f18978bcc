// Issue 18, point 2: a write to a post clears that post's own pages (under its old and new slug)
// and every page listing posts, never another post's page; any other content change clears all.
import { expect, test } from 'bun:test';
import { pageCache } from '#server/cache/page-cache.ts';
import { typedApi } from '../helpers/api.ts';
import { sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { unique } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

const { adminApi } = typedApi(admin.headers);

async function created(title: string) {
  const response = await adminApi['blog-posts'].$post({ json: { title: unique(title), content: 'Body.', published: true } });
  expect(response.status).toBe(201);
  return response.json();
}

/** Fills the cache with the given keys, as renders that started now. */
function cached(keys: string[]) {
  const ticket = pageCache.ticket();
  for (const key of keys) pageCache.store(key, { status: 200, headers: [], body: new Uint8Array(4) }, ticket);
}
const kept = (keys: string[]) => keys.filter((key) => pageCache.get(key) !== undefined);

test("saving, renaming, unpublishing and deleting a post clear its pages and the lists, not another post's page", async () => {
  const [post, other] = [await created('Changed'), await created('Untouched')];
  const otherPages = [`/blog/${other.slug}`, `/RSC/R/blog/${other.slug}.txt`, `/api/blog-posts/${other.slug}`];
  const lists = ['/blog', '/blog?page=2', '/', '/rss.xml', '/sitemap.xml', '/api/blog-posts'];

  cached([`/blog/${post.slug}`, `/api/blog-posts/${post.slug}`, ...otherPages, ...lists]);
  const renamed = `${post.slug}-renamed`;
  const saved = await sendJson(
    'PUT',
    `/api/admin/blog-posts/${post.id}`,
    { title: post.title, slug: renamed, content: 'New body.', published: true },
    { headers: admin.headers() },
  );
  expect(saved.status).toBe(200);
  expect(kept([`/blog/${post.slug}`, `/api/blog-posts/${post.slug}`, ...otherPages, ...lists])).toEqual(otherPages);

  // The new address's page, cached under its new slug, goes with the next change.
  cached([`/blog/${renamed}`, ...lists]);
  expect(
    (await sendJson('PATCH', `/api/admin/blog-posts/${post.id}/publish`, { published: false }, { headers: admin.headers() })).status,
  ).toBe(200);
  expect(kept([`/blog/${renamed}`, ...otherPages, ...lists])).toEqual(otherPages);

  cached([`/blog/${renamed}`, ...lists]);
  expect((await sendJson('DELETE', `/api/admin/blog-posts/${post.id}`, undefined, { headers: admin.headers() })).status).toBe(204);
  expect(kept([`/blog/${renamed}`, ...otherPages, ...lists])).toEqual(otherPages);
});

test('a change to something else than posts (a category) clears every page', async () => {
  const other = await created('Any post');
  cached([`/blog/${other.slug}`, '/blog']);
  const response = await sendJson('POST', '/api/admin/categories', { name: unique('Topic') }, { headers: admin.headers() });
  expect(response.status).toBe(201);
  expect(kept([`/blog/${other.slug}`, '/blog'])).toEqual([]);
});
