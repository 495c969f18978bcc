import { Hono } from 'hono';
import { notFound } from '../errors.ts';
import { getUpload } from '../services/uploads.ts';

const EXTENSIONS = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' } as const;

export const uploadRoutes = new Hono().get('/uploads/:file{[a-z2-7]{24}\\.(jpg|png|gif)}', async (c) => {
  const [id, extension] = c.req.param('file').split('.') as [string, keyof typeof EXTENSIONS];
  const upload = await getUpload(id);
  if (!upload || upload.contentType !== EXTENSIONS[extension]) throw notFound('Upload not found');
  return c.body(upload.bytes.slice(), 200, {
    'Content-Type': upload.contentType,
    'Content-Disposition': `inline; filename="${id}.${extension}"`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
});
