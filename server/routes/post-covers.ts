import { Hono } from 'hono';
import { notFound } from '../errors.ts';
import { type CoverFormat, getPublishedPostCover } from '../services/covers.ts';

// Covers change when a title or category does, so they are revalidated by ETag, not cached forever.
const COVER_CACHE = 'public, max-age=3600, must-revalidate';

export const postCoverRoutes = new Hono().get('/posts/:slug/:file{cover\\.(svg|png)}', async (c) => {
  const format = c.req.param('file').endsWith('.png') ? 'png' : ('svg' satisfies CoverFormat);
  const cover = await getPublishedPostCover(c.req.param('slug'), format);
  if (!cover) throw notFound('Cover not found');
  c.header('ETag', cover.etag);
  c.header('Cache-Control', COVER_CACHE);
  if (c.req.header('if-none-match') === cover.etag) return c.body(null, 304);
  c.header('Content-Type', cover.contentType);
  // The SVG is built only from escaped text, and is still denied scripts if opened directly (ASVS 1.3.4, docs/security.md).
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return c.body(typeof cover.body === 'string' ? cover.body : new Uint8Array(cover.body));
});
