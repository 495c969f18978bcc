import { describe, expect, test } from 'bun:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Hono } from 'hono';
import { app } from '#server/app.ts';
import { cachedAnswer } from '#server/cache/cached-response.ts';
import { pageCacheMiddleware } from '#server/cache/page-cache-middleware.ts';
import { sitemapLimits } from '#server/feeds/sitemap.ts';
import { renderPostBody } from '#server/markdown/render.ts';
import { coverRenders } from '#server/services/posts/covers.ts';
import { updateSettings } from '#server/services/settings.ts';
import { socialImage } from '#src/components/blog/card-data.ts';
import { request } from '../helpers/app.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createCategory, createPost } from '../helpers/factories.ts';
import { robotsAllows } from '../helpers/robots.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const ORIGIN = 'http://localhost:3000';

describe('feeds', () => {
  test('/rss.xml lists published posts newest first, escaped, and never a draft', async () => {
    const category = await createCategory(db(), { name: 'Growth & Change' });
    const post = await createPost(db(), {
      title: 'Lead </title><script>alert(1)</script> well',
      excerpt: 'Less & more',
      categoryId: category.id,
      publishedAt: new Date(Date.UTC(2031, 0, 1)),
    });
    const draft = await createPost(db(), { published: false });
    const response = await request('/rss.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toStartWith('<?xml version="1.0" encoding="UTF-8"?>');
    expect(xml).toContain('<title>Lead &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; well</title>');
    expect(xml).toContain(`<link>${ORIGIN}/blog/${post.slug}</link>`);
    expect(xml).toContain('<description>Less &amp; more</description>');
    expect(xml).toContain('<category>Growth &amp; Change</category>');
    expect(xml).toContain('<pubDate>Wed, 01 Jan 2031 00:00:00 GMT</pubDate>');
    expect(xml).not.toContain(draft.slug);
    expect(xml).not.toContain('<script>');
  });

  test('/rss.xml holds at most the newest 20 posts', async () => {
    for (let n = 0; n < 22; n++) await createPost(db());
    const xml = await (await request('/rss.xml')).text();
    expect(xml.match(/<item>/g)).toHaveLength(20);
  });

  test('/sitemap.xml lists every public page and each published post with lastmod', async () => {
    const post = await createPost(db());
    const draft = await createPost(db(), { published: false });
    const response = await request('/sitemap.xml');
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    for (const path of ['/', '/blog', '/services', '/about', '/contact', '/privacy', '/terms', '/cookies']) {
      expect(xml).toContain(`<loc>${ORIGIN}${path}</loc>`);
    }
    expect(xml).toContain(`<loc>${ORIGIN}/blog/${post.slug}</loc><lastmod>${post.updatedAt.toISOString()}</lastmod>`);
    expect(xml).not.toContain(draft.slug);
  });

  test('/sitemap.xml lists /book only while booking is on', async () => {
    expect(await (await request('/sitemap.xml')).text()).not.toContain(`<loc>${ORIGIN}/book</loc>`);
    await updateSettings({ bookingEnabled: true });
    try {
      expect(await (await request('/sitemap.xml')).text()).toContain(`<loc>${ORIGIN}/book</loc>`);
    } finally {
      await updateSettings({ bookingEnabled: false });
    }
  });

  test('/robots.txt keeps crawlers out of /admin and points to the sitemap', async () => {
    const response = await request('/robots.txt');
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('Disallow: /admin');
    // A visitor's link to manage their call is theirs alone.
    expect(text).toContain('Disallow: /book/manage');
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('feeds at scale (issue 18)', () => {
  const parser = new XMLParser({ ignoreAttributes: false, processEntities: true, htmlEntities: false });
  const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  test("/rss.xml carries each post's whole body as HTML, tables and footnotes included", async () => {
    const content = '# Title\n\n| Step | Why |\n|---|---|\n| Listen | Trust |\n\nA claim.[^1]\n\n[^1]: A source & more.\n';
    const post = await createPost(db(), { content, publishedAt: new Date(Date.UTC(2041, 0, 1)) });
    const response = await request('/rss.xml');
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const items = parser.parse(xml).rss.channel.item as { link: string; 'content:encoded': string }[];
    const item = items.find((entry) => entry.link === `${ORIGIN}/blog/${post.slug}`);
    expect(item?.['content:encoded']).toBe(await renderPostBody(content));
    expect(item?.['content:encoded']).toContain('<table>');
    expect(item?.['content:encoded']).toContain('<section data-footnotes');
  });

  test('beyond the per-file limit /sitemap.xml is an index of files that together list every URL once', async () => {
    const published = [];
    for (let n = 0; n < 7; n++) published.push(await createPost(db()));
    const draft = await createPost(db(), { published: false });
    const single = locsOf(await (await request('/sitemap.xml')).text());
    const limit = sitemapLimits.urlsPerFile;
    sitemapLimits.urlsPerFile = 5;
    try {
      const index = await (await request('/sitemap.xml')).text();
      expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = locsOf(index);
      expect(files.length).toBe(Math.ceil(single.length / 5));
      expect(files).toEqual(files.map((_, i) => `${ORIGIN}/sitemap-${i + 1}.xml`));
      const listed: string[] = [];
      for (const file of files) {
        const response = await request(new URL(file).pathname);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
        const xml = await response.text();
        expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
        const locs = locsOf(xml);
        expect(locs.length).toBeGreaterThan(0);
        expect(locs.length).toBeLessThanOrEqual(5);
        listed.push(...locs);
      }
      // The same URLs as the single sitemap, in the same order, none twice, no draft.
      expect(listed).toEqual(single);
      for (const post of published) expect(listed).toContain(`${ORIGIN}/blog/${post.slug}`);
      expect(listed.join()).not.toContain(draft.slug);
      expect((await request(`/sitemap-${files.length + 1}.xml`)).status).toBe(404);
    } finally {
      sitemapLimits.urlsPerFile = limit;
    }
    // Within the limit there is one sitemap and no files.
    expect((await request('/sitemap-1.xml')).status).toBe(404);
  });

  for (const path of ['/rss.xml', '/sitemap.xml']) {
    test(`${path} answers a current copy's If-None-Match or If-Modified-Since with 304 and no body`, async () => {
      await createPost(db());
      const first = await request(path);
      const etag = first.headers.get('etag');
      const lastModified = first.headers.get('last-modified');
      expect(etag).toMatch(/^"[0-9a-z]+"$/);
      expect(new Date(lastModified!).getTime()).toBeLessThanOrEqual(Date.now());
      const body = await first.text();
      const conditions: Record<string, string>[] = [
        { 'If-None-Match': etag! },
        { 'If-None-Match': `"other", W/${etag}` },
        { 'If-Modified-Since': lastModified! },
      ];
      for (const headers of conditions) {
        const again = await request(path, { headers });
        expect(again.status).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(await again.text()).toBe('');
      }
      // A copy that is not current gets the whole answer; a changed feed has a new tag.
      const stale = await request(path, { headers: { 'If-None-Match': '"stale"', 'If-Modified-Since': lastModified! } });
      expect(stale.status).toBe(200);
      expect(await stale.text()).toBe(body);
      const earlier = new Date(new Date(lastModified!).getTime() - 1000).toUTCString();
      expect((await request(path, { headers: { 'If-Modified-Since': earlier } })).status).toBe(200);
      await createPost(db());
      const changed = await request(path, { headers: { 'If-None-Match': etag! } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
    });
  }
});

describe('feeds from the page cache (issue 18)', () => {
  // The production order: the page cache in front of the app (src/server-entry.ts).
  const site = new Hono().use(pageCacheMiddleware()).all('*', (c) => app.fetch(c.req.raw, c.env));
  const get = (path: string, headers: Record<string, string> = {}) => site.request(`${ORIGIN}${path}`, { headers });
  const settle = () => Bun.sleep(10);

  for (const path of ['/rss.xml', '/sitemap.xml']) {
    test(`${path} is kept until the next change and revalidated from the kept copy`, async () => {
      await createPost(db());
      const first = await get(path);
      expect(first.headers.get('x-page-cache')).toBe('miss');
      const body = await first.text();
      const etag = first.headers.get('etag')!;
      await settle();
      // Parameters a feed does not read share its entry.
      for (const query of ['', '?utm_source=reader', '?x=1']) {
        const again = await get(`${path}${query}`);
        expect(again.headers.get('x-page-cache')).toBe('hit');
        expect(await again.text()).toBe(body);
      }
      const conditions: Record<string, string>[] = [
        { 'If-None-Match': etag },
        { 'If-Modified-Since': first.headers.get('last-modified')! },
      ];
      for (const headers of conditions) {
        const revalidated = await get(path, headers);
        expect(revalidated.status).toBe(304);
        expect(revalidated.headers.get('x-page-cache')).toBe('hit');
        expect(revalidated.headers.get('etag')).toBe(etag);
        expect(await revalidated.text()).toBe('');
        // The start script's shortcut in front of Waku answers the same.
        const shortcut = await cachedAnswer(new Request(`${ORIGIN}${path}`, { headers }));
        expect(shortcut?.status).toBe(304);
      }
      // A change clears the copy: the client's tag no longer matches.
      const post = await createPost(db());
      const changed = await get(path, { 'If-None-Match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('x-page-cache')).toBe('miss');
      expect(await changed.text()).toContain(post.slug);
    });
  }
});

describe('generated covers', () => {
  test('a published post has an SVG and a PNG cover, revalidated by ETag', async () => {
    const post = await createPost(db(), { title: 'Trust <b>first</b>' });
    const svg = await request(`/api/posts/${post.slug}/cover.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(svg.headers.get('content-security-policy')).toContain("default-src 'none'");
    const body = await svg.text();
    expect(body).toStartWith('<svg');
    expect(body).not.toContain('<b>');

    const png = await request(`/og/${post.slug}.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect(Array.from(bytes.slice(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // 1200×630 (the IHDR chunk's width and height).
    const ihdr = new DataView(bytes.buffer, 16, 8);
    expect([ihdr.getUint32(0), ihdr.getUint32(4)]).toEqual([1200, 630]);

    const etag = png.headers.get('etag')!;
    const drawn = coverRenders.count;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await request(`/og/${post.slug}.png`, { headers: { 'If-None-Match': ifNoneMatch } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
    }
    // A revalidation draws nothing.
    expect(coverRenders.count).toBe(drawn);
    expect((await request(`/og/${post.slug}.png`, { headers: { 'If-None-Match': '"stale"' } })).status).toBe(200);
    expect(coverRenders.count).toBe(drawn + 1);
  });

  test("the PNG cover's old address under /api redirects to /og/", async () => {
    const post = await createPost(db(), { title: 'Moved cover' });
    const response = await request(`/api/posts/${post.slug}/cover.png`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/og/${post.slug}.png`);
    expect((await request(`/og/nope-${post.slug}.png`)).status).toBe(404);
  });

  test('robots.txt lets crawlers fetch the og:image of a post', async () => {
    const post = await createPost(db(), { title: 'Shared widely' });
    const image = socialImage(post);
    expect(image).toBe(`/og/${post.slug}.png`);
    const robots = await (await request('/robots.txt')).text();
    expect(robotsAllows(robots, image)).toBe(true);
    // The parser does refuse what robots.txt disallows.
    expect(robotsAllows(robots, `/api/posts/${post.slug}/cover.png`)).toBe(false);
    expect(robotsAllows(robots, '/admin/posts')).toBe(false);
    expect((await request(image)).status).toBe(200);
  });

  test('a draft has no public cover', async () => {
    const draft = await createPost(db(), { published: false });
    const response = await request(`/api/posts/${draft.slug}/cover.svg`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Cover not found' });
  });
});
