import { describe, expect, test } from 'bun:test';
import { coverRenders } from '../../server/services/covers.ts';
import { updateSettings } from '../../server/services/settings.ts';
import { socialImage } from '../../src/components/blog/card-data.ts';
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
