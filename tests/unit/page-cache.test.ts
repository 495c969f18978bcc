import { beforeEach, describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { cachedAnswer } from '#server/cache/cached-response.ts';
import { PageCache, pageCache, postOfKey } from '#server/cache/page-cache.ts';
import { pageCacheMiddleware } from '#server/cache/page-cache-middleware.ts';

let renders = 0;
/** While set, /slow waits for it: a render still running when content changes. */
let hold: Promise<void> | undefined;

const site = new Hono()
  .use(pageCacheMiddleware())
  .get('/blog', (c) => c.html(`<p>render ${++renders}</p>`))
  .get('/slow', async (c) => {
    const render = ++renders;
    await hold;
    return c.html(`<p>render ${render}</p>`);
  })
  .get('/admin/users', (c) => c.html(`<p>admin ${++renders}</p>`))
  .get('/with-cookie', (c) => {
    c.header('Set-Cookie', 'a=b');
    return c.html(`<p>${++renders}</p>`);
  })
  .get('/missing', (c) => c.html('<p>gone</p>', 404))
  .get('/api/blog-posts', (c) => c.json({ render: ++renders }))
  .get('/api/auth/me', (c) => c.json({ render: ++renders }));

const get = async (path: string) => {
  const response = await site.request(path);
  return { text: await response.text(), cache: response.headers.get('x-page-cache'), status: response.status };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

beforeEach(() => {
  pageCache.clear();
  renders = 0;
});

test('a public page is rendered once and then served from the cache, per URL', async () => {
  expect(await get('/blog')).toMatchObject({ text: '<p>render 1</p>', cache: 'miss' });
  await settle();
  expect(await get('/blog')).toMatchObject({ text: '<p>render 1</p>', cache: 'hit' });
  expect(await get('/blog?page=2')).toMatchObject({ text: '<p>render 2</p>', cache: 'miss' });
});

test('a content change clears the cache: the next request renders fresh', async () => {
  await get('/blog');
  await settle();
  pageCache.clear();
  expect(await get('/blog')).toMatchObject({ text: '<p>render 2</p>', cache: 'miss' });
});

test('a render that started before a change is never stored', async () => {
  let release!: () => void;
  hold = new Promise<void>((resolve) => (release = resolve));
  const pending = get('/slow');
  await settle();
  pageCache.clear();
  release();
  hold = undefined;
  expect((await pending).text).toBe('<p>render 1</p>');
  await settle();
  expect(await get('/slow')).toMatchObject({ text: '<p>render 2</p>', cache: 'miss' });
});

test('admin pages, responses with cookies and non-200 answers are never cached', async () => {
  for (const path of ['/admin/users', '/with-cookie', '/missing']) {
    await get(path);
    await settle();
    expect((await get(path)).cache).not.toBe('hit');
  }
});

test('the cache evicts the least recently used pages past its byte budget', () => {
  const cache = new PageCache();
  const page = (size: number) => ({ status: 200, headers: [] as [string, string][], body: new Uint8Array(size) });
  const ticket = cache.ticket();
  for (let n = 0; n < 12; n++) cache.store(`/p${n}`, page(3 * 1024 * 1024), ticket);
  expect(cache.size).toBeLessThanOrEqual(10);
  expect(cache.get('/p11')).toBeDefined();
  expect(cache.get('/p0')).toBeUndefined();
});

test('public API reads are cached like pages; the rest of the API never is', async () => {
  expect(await get('/api/blog-posts?limit=9')).toMatchObject({ text: '{"render":1}', cache: 'miss' });
  await settle();
  expect(await get('/api/blog-posts?limit=9')).toMatchObject({ text: '{"render":1}', cache: 'hit' });
  await get('/api/auth/me');
  await settle();
  expect(await get('/api/auth/me')).toMatchObject({ text: '{"render":3}', cache: null });
});

test('a cached answer is served before the app, gzip-compressed to clients that accept it', async () => {
  expect(await cachedAnswer(new Request('http://site.test/blog'))).toBeUndefined();
  await get('/blog');
  await settle();

  const plain = await cachedAnswer(new Request('http://site.test/blog'));
  expect(plain?.headers.get('content-encoding')).toBeNull();
  expect(await plain?.text()).toBe('<p>render 1</p>');

  const compressed = await cachedAnswer(new Request('http://site.test/blog', { headers: { 'Accept-Encoding': 'gzip, br' } }));
  expect(compressed?.headers.get('content-encoding')).toBe('gzip');
  expect(compressed?.headers.get('vary')).toContain('Accept-Encoding');
  expect(compressed?.headers.get('x-page-cache')).toBe('hit');
  const bytes = new Uint8Array(await compressed!.arrayBuffer());
  expect(new TextDecoder().decode(Bun.gunzipSync(bytes))).toBe('<p>render 1</p>');

  expect(await cachedAnswer(new Request('http://site.test/blog', { method: 'POST' }))).toBeUndefined();
  pageCache.clear();
  expect(await cachedAnswer(new Request('http://site.test/blog'))).toBeUndefined();
});

test('URLs that differ only in parameters the page does not read share one entry', async () => {
  await get('/blog');
  await settle();
  for (const path of ['/blog?utm_source=x', '/blog?fbclid=1&gclid=2', '/blog?page=1', '/blog?random=junk']) {
    expect(await get(path)).toMatchObject({ text: '<p>render 1</p>', cache: 'hit' });
  }
  expect(await cachedAnswer(new Request('http://site.test/blog?utm_campaign=spring'))).toBeDefined();
  expect(renders).toBe(1);
});

test('a malformed page number is redirected to the canonical URL without a render', async () => {
  await get('/blog');
  await settle();
  const response = await site.request('/blog?page=abc&utm_source=x');
  expect(response.status).toBe(308);
  expect(response.headers.get('location')).toBe('/blog');
  // Not even from the start script's shortcut: it would answer the canonical page under the wrong URL.
  expect(await cachedAnswer(new Request('http://site.test/blog?page=0'))).toBeUndefined();
  expect(renders).toBe(1);
});

test('every page number past the end is answered by one cached 404', async () => {
  const pages = new Hono().use(pageCacheMiddleware()).get('/blog', (c) => {
    renders++;
    const page = Number(c.req.query('page') ?? 1);
    if (page <= 3) return c.html(`<p>page ${page}</p>`);
    return c.html('<p>not found</p>', 404, { 'X-Past-End-From': '4' });
  });
  const first = await pages.request('/blog?page=9');
  expect(first.status).toBe(404);
  expect(first.headers.get('x-past-end-from')).toBeNull();
  await settle();
  for (const page of [4, 5, 8, 100, 999999]) {
    const response = await pages.request(`/blog?page=${page}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('x-page-cache')).toBe('hit');
    expect(await response.text()).toBe('<p>not found</p>');
  }
  expect(renders).toBe(1);
  // Pages that exist still render (and are cached) on their own.
  expect((await pages.request('/blog?page=3')).status).toBe(200);
  expect(renders).toBe(2);
  // A content change clears it like any entry.
  pageCache.clear();
  expect((await pages.request('/blog?page=5')).headers.get('x-page-cache')).toBe('miss');
});

// Issue 18, point 2: a change to posts clears those posts' own pages and every page that is not
// one post's own (lists, feeds, the home page); other posts' pages stay.
test('postOfKey names the post whose own page a key is: the page, its RSC payload and the API read', () => {
  expect(postOfKey('/blog/leading-well')).toBe('leading-well');
  expect(postOfKey('/RSC/R/blog/leading-well.txt')).toBe('leading-well');
  expect(postOfKey('/api/blog-posts/leading-well')).toBe('leading-well');
  for (const key of ['/blog', '/blog?page=2', '/', '/RSC/R/blog.txt', '/api/blog-posts', '/rss.xml', '/sitemap.xml', '/about']) {
    expect(postOfKey(key)).toBeUndefined();
  }
});

describe('a change to posts', () => {
  const page = () => ({ status: 200, headers: [] as [string, string][], body: new Uint8Array(10) });
  const filled = () => {
    const cache = new PageCache(1024 * 1024);
    const ticket = cache.ticket();
    for (const key of ['/blog/a', '/RSC/R/blog/a.txt', '/api/blog-posts/a', '/blog/b', '/RSC/R/blog/b.txt', '/blog', '/', '/rss.xml'])
      cache.store(key, page(), ticket);
    return cache;
  };

  test("clears the changed posts' pages and every list, and leaves the other posts' pages", () => {
    const cache = filled();
    cache.invalidate({ posts: ['a'] });
    for (const key of ['/blog/a', '/RSC/R/blog/a.txt', '/api/blog-posts/a', '/blog', '/', '/rss.xml'])
      expect(cache.get(key)).toBeUndefined();
    expect(cache.get('/blog/b')).toBeDefined();
    expect(cache.get('/RSC/R/blog/b.txt')).toBeDefined();
  });

  test('a saved content page clears its own HTML and RSC payload only, whatever the query', () => {
    const cache = filled();
    for (const key of ['/about', '/about?utm_source=x', '/RSC/R/about.txt', '/services']) cache.store(key, page(), cache.ticket());
    cache.invalidate({ pages: ['/about'] });
    for (const key of ['/about', '/about?utm_source=x', '/RSC/R/about.txt']) expect(cache.get(key)).toBeUndefined();
    for (const key of ['/services', '/', '/blog', '/blog/a', '/rss.xml']) expect(cache.get(key)).toBeDefined();
  });

  test('a render of a page begun before that page was saved is not stored; one of another page is', () => {
    const cache = new PageCache(1024 * 1024);
    const ticket = cache.ticket();
    cache.invalidate({ pages: ['/about'] });
    cache.store('/about', page(), ticket);
    expect(cache.get('/about')).toBeUndefined();
    cache.store('/services', page(), ticket);
    expect(cache.get('/services')).toBeDefined();
    // A full clear later also covers the page it saved earlier.
    cache.invalidate();
    cache.store('/about', page(), cache.ticket());
    expect(cache.get('/about')).toBeDefined();
  });

  test('any other change clears everything', () => {
    const cache = filled();
    cache.invalidate();
    expect(cache.size).toBe(0);
  });

  test("a render that started before a change to what it shows is not stored; one of another post's page is", () => {
    const cache = new PageCache(1024 * 1024);
    const ticket = cache.ticket();
    cache.invalidate({ posts: ['a'] });
    for (const key of ['/blog/a', '/blog', '/']) {
      cache.store(key, page(), ticket);
      expect(cache.get(key)).toBeUndefined();
    }
    cache.store('/blog/b', page(), ticket);
    expect(cache.get('/blog/b')).toBeDefined();
    // A full clear later covers every post's page, even one a post change never named.
    cache.invalidate();
    cache.store('/blog/c', page(), ticket);
    expect(cache.get('/blog/c')).toBeUndefined();
  });
});
