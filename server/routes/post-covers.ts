import { type Context, Hono } from 'hono';
import { ogImagePath } from '#src/schemas/post.ts';
import { notFound } from '../errors.ts';
import { type CoverFormat, getPublishedPostCover } from '../services/posts/covers.ts';

// Covers change when a title or category does, so they are revalidated by ETag, not cached forever.
const COVER_CACHE = 'public, max-age=3600, must-revalidate';

/** Whether an If-None-Match header names this ETag (a list, `*`, or the weak form). */
const matches = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch && ifNoneMatch.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

async function sendCover(c: Context, slug: string, format: CoverFormat) {
  const cover = await getPublishedPostCover(slug, format);
  if (!cover) throw notFound('Cover not found');
  c.header('ETag', cover.etag);
  c.header('Cache-Control', COVER_CACHE);
  // Answered from the title's digest alone: a revalidation draws nothing.
  if (matches(c.req.header('if-none-match'), cover.etag)) return c.body(null, 304);
  c.header('Content-Type', cover.contentType);
  // The SVG is built only from escaped text, and is still denied scripts if opened directly (ASVS 1.3.4, docs/security.md).
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  const body = cover.render();
  return c.body(typeof body === 'string' ? body : new Uint8Array(body));
}

/** The SVG cover (shown on the site) under /api; the PNG moved to /og/ (below). */
export const postCoverRoutes = new Hono()
  .get('/posts/:slug/cover.svg', (c) => sendCover(c, c.req.param('slug'), 'svg'))
  // Its old address, linked from shares made before the move.
  .get('/posts/:slug/cover.png', (c) => c.redirect(ogImagePath(c.req.param('slug')), 301));

/**
 * The og:image of a post, a 1200×630 PNG with its title, at the site root: robots.txt disallows
 * /api/, and crawlers that honour it (X/Twitter's) would show no image.
 */
export const ogImageRoutes = new Hono().get('/og/:file{.+\\.png}', (c) =>
  sendCover(c, c.req.param('file').slice(0, -'.png'.length), 'png'),
);
