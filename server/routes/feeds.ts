import { Hono } from 'hono';
import { siteConfig } from '../../src/config/site.ts';
import { buildRss } from '../feeds/rss.ts';
import { buildRobots, buildSitemap } from '../feeds/sitemap.ts';
import { listPublishedPostLinks, listPublishedPosts } from '../services/posts.ts';
import { currentSettings } from '../services/settings.ts';

// Served at the site root (not under /api): /rss.xml, /sitemap.xml, /robots.txt.
const RSS_ITEMS = 20;

export const feedRoutes = new Hono()
  .get('/rss.xml', async (c) => {
    const [{ siteName, siteDescription }, { posts }] = await Promise.all([
      currentSettings(),
      listPublishedPosts({ limit: RSS_ITEMS, offset: 0 }),
    ]);
    c.header('Content-Type', 'application/rss+xml; charset=utf-8');
    return c.body(buildRss({ name: siteName, description: siteDescription, origin: siteConfig().url }, posts));
  })
  .get('/sitemap.xml', async (c) => {
    c.header('Content-Type', 'application/xml; charset=utf-8');
    const { bookingEnabled } = await currentSettings();
    return c.body(buildSitemap(siteConfig().url, await listPublishedPostLinks(), bookingEnabled ? ['/book'] : []));
  })
  .get('/robots.txt', (c) => {
    c.header('Content-Type', 'text/plain; charset=utf-8');
    return c.body(buildRobots(siteConfig().url));
  });
