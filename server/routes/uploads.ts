import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES, SELECT_IMAGE_MESSAGE } from '../../src/schemas/profile-image.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import type { AuthVariables } from '../middleware/session.ts';
import { logSecurityEvent } from '../security-log.ts';
import { getUpload, storeUpload } from '../services/uploads.ts';
import { sniffImage } from '../uploads/image-sniff.ts';

// Room for the multipart framing around a file just under the limit; counted while the body
// streams in, chunked bodies included, so an oversized upload is refused before it is buffered.
const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;
const EXTENSIONS = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' } as const;

export const uploadRoutes = new Hono<{ Variables: AuthVariables }>()
  .post(
    '/upload-profile-image',
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT,
      onError: () => {
        throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
      },
    }),
    async (c) => {
      if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
        throw new HttpError(415, 'Content-Type must be multipart/form-data');
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch (error) {
        if (error instanceof HttpError) throw error; // the body-read deadline (408)
        throw badRequest('The upload could not be read');
      }
      const files = form.getAll('file');
      const file = files[0];
      if (files.length !== 1 || !(file instanceof File) || file.size === 0) throw badRequest(SELECT_IMAGE_MESSAGE);
      if (file.size >= MAX_IMAGE_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
      const bytes = new Uint8Array(await file.arrayBuffer());
      // The bytes decide what this is; the declared type and the file name are ignored (ASVS 5.2.2, docs/security.md).
      const image = sniffImage(bytes);
      if (!image) {
        logSecurityEvent(c, 'upload_refused', { size: bytes.byteLength });
        throw new HttpError(415, SELECT_IMAGE_MESSAGE);
      }
      return c.json({ url: await storeUpload(bytes, image, c.get('user')!.id) }, 201);
    },
  )
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
