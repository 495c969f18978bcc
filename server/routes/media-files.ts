import { type Context, Hono } from 'hono';
import { contentTypeOfExtension, MEDIA_NOT_FOUND_MESSAGE, type RenditionFormat } from '#src/schemas/media.ts';
import { notFound } from '../errors.ts';
import { getMediaOriginal, getMediaRendition } from '../services/media.ts';

/** An id's bytes never change (a new upload gets a new id), so every cache may keep them for good. */
function sendImage(c: Context, bytes: Uint8Array, contentType: string, filename: string) {
  return c.body(bytes.slice(), 200, {
    'Content-Type': contentType,
    'Content-Disposition': `inline; filename="${filename}"`,
    // Never a document that runs anything, even opened directly (docs/security.md#uploads).
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
}

/**
 * The images of posts, at the site root: robots.txt disallows /api/, and a post's images belong
 * in image search and social previews like the page itself (as /og/ covers).
 */
export const mediaFileRoutes = new Hono()
  .get('/media/:file{[a-z2-7]{24}\\.(jpg|png|gif)}', async (c) => {
    const [id, extension] = c.req.param('file').split('.') as [string, string];
    const contentType = contentTypeOfExtension(extension)!;
    const bytes = await getMediaOriginal(id, contentType);
    if (!bytes) throw notFound(MEDIA_NOT_FOUND_MESSAGE);
    return sendImage(c, bytes, contentType, `${id}.${extension}`);
  })
  .get('/media/:id{[a-z2-7]{24}}/:file{[1-9][0-9]{0,3}\\.(webp|avif)}', async (c) => {
    const id = c.req.param('id');
    const [width, format] = c.req.param('file').split('.') as [string, RenditionFormat];
    const bytes = await getMediaRendition(id, Number(width), format);
    if (!bytes) throw notFound(MEDIA_NOT_FOUND_MESSAGE);
    return sendImage(c, bytes, `image/${format}`, `${id}-${width}.${format}`);
  });
