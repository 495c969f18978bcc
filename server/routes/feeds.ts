import { type Context, Hono } from 'hono';
import { siteConfig } from '#src/config/site.ts';
import { buildRss } from '../feeds/rss.ts';
import { buildRobots, buildSitemap, buildSitemapIndex, sitemapFiles, sitemapPart } from '../feeds/sitemap.ts';
import { etagOf, isNotModified } from '../http/conditional.ts';
import { countPublishedPosts, listNewestPostsWithHtml, listPublishedPostLinks } from '../services/posts/published.ts';
import { publicPages } from '../services/served-paths.ts';
import { currentSettings } from '../services/settings.ts';

// Served at the site root (not under /api): /rss.xml, /sitemap.xml (an index of /sitemap-N.xml
// beyond 10,000 URLs), /robots.txt. The page cache keeps them like pages (cleared by any content
// change) and answers conditional requests from its copy (server/cache/cached-response.ts).
const RSS_ITEMS = 20;

/**
 * An XML answer with its validators: an ETag of the bytes, and the time it was made as its
 * Last-Modified (a cached copy lives only until the next change, so nothing it shows changed
 * after it was made). A client whose copy is current gets 304 with no body.
 */
function xmlAnswer(c: Context, type: string, body: string) {
  const etag = etagOf(body);
  const lastModified = new Date(Math.floor(Date.now() / 1000) * 1000).toUTCString();
  c.header('Content-Type', type);
  c.header('ETag', etag);
  c.header('Last-Modified', lastModified);
  if (isNotModified(c.req.raw.headers, etag, lastModified)) return c.body(null, 304);
  return c.body(body);
}

const SITEMAP_TYPE = 'application/xml; charset=utf-8';

export const feedRoutes = new Hono()
  .get('/rss.xml', async (c) => {
    const [{ siteName, siteDescription }, posts] = await Promise.all([currentSettings(), listNewestPostsWithHtml(RSS_ITEMS)]);
    return xmlAnswer(
      c,
      'application/rss+xml; charset=utf-8',
      buildRss({ name: siteName, description: siteDescription, origin: siteConfig().url }, posts),
    );
  })
  .get('/sitemap.xml', async (c) => {
    const [pages, postCount] = await Promise.all([publicPages(), countPublishedPosts()]);
    const files = sitemapFiles(pages.length + postCount);
    const origin = siteConfig().url;
    if (files > 1) return xmlAnswer(c, SITEMAP_TYPE, buildSitemapIndex(origin, files));
    return xmlAnswer(c, SITEMAP_TYPE, buildSitemap(origin, pages, await listPublishedPostLinks()));
  })
  // One file of the sitemap index; with a single sitemap there are none.
  .get('/:sitemap{sitemap-[1-9][0-9]{0,6}\\.xml}', async (c) => {
    const n = Number(c.req.param('sitemap').slice('sitemap-'.length, -'.xml'.length));
    const [pages, postCount] = await Promise.all([publicPages(), countPublishedPosts()]);
    const files = sitemapFiles(pages.length + postCount);
    if (files === 1 || n > files) return c.json({ message: 'Not found' }, 404);
    const part = sitemapPart(n, pages, postCount);
    const posts = part.postLimit > 0 ? await listPublishedPostLinks({ offset: part.postOffset, limit: part.postLimit }) : [];
    return xmlAnswer(c, SITEMAP_TYPE, buildSitemap(siteConfig().url, part.pages, posts));
  })
  .get('/robots.txt', (c) => {
    c.header('Content-Type', 'text/plain; charset=utf-8');
    return c.body(buildRobots(siteConfig().url));
  });
