import { Hono } from 'hono';
import { notFound } from '../errors.ts';
import { limitImageUpload, readImageUpload, sniffedUpload } from '../http/image-upload.ts';
import type { AuthVariables } from '../middleware/session.ts';
import { getUpload, storeUpload } from '../services/uploads.ts';

const EXTENSIONS = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' } as const;

export const uploadRoutes = new Hono<{ Variables: AuthVariables }>()
  .post('/upload-profile-image', limitImageUpload, async (c) => {
    const { bytes } = await readImageUpload(c);
    return c.json({ url: await storeUpload(bytes, sniffedUpload(c, bytes), c.get('user')!.id) }, 201);
  })
  .get('/uploads/:file{[a-z2-7]{24}\\.(jpg|png|gif)}', async (c) => {
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
