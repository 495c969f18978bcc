import { Hono } from 'hono';
import { HttpError, notFound } from '#server/errors.ts';
import { limitImageUpload, readImageUpload, sniffedUpload } from '#server/http/image-upload.ts';
import type { AuthVariables } from '#server/middleware/session.ts';
import { logSecurityEvent } from '#server/security-log.ts';
import { deleteUnusedMedia, listMedia, storeMedia } from '#server/services/media.ts';
import { processImage } from '#server/uploads/process-image.ts';
import { query, ValidationError, validationError } from '#server/validation.ts';
import {
  IMAGE_UNREADABLE_MESSAGE,
  MEDIA_ID_PATTERN,
  MEDIA_NOT_FOUND_MESSAGE,
  mediaFieldsSchema,
  mediaPageQuerySchema,
} from '#src/schemas/media.ts';

/** The one value of a text field of the form: absent is undefined, a file or a repeat is refused. */
function textField(form: FormData, name: string): string | undefined {
  const values = form.getAll(name);
  if (values.length > 1 || values.some((value) => typeof value !== 'string'))
    throw new ValidationError(`${name} must be given once, as text`, name);
  return values[0] as string | undefined;
}

// Mounted under /api/admin: the admin guard has run before these.
export const adminMediaRoutes = new Hono<{ Variables: AuthVariables }>()
  .get('/media', query(mediaPageQuerySchema), async (c) => c.json(await listMedia(c.req.valid('query'))))
  // Multipart: `file`, `alt`, and `decorative` ("true" when the image only decorates, then without alt text).
  .post('/media', limitImageUpload, async (c) => {
    const { form, bytes } = await readImageUpload(c, (message) => new ValidationError(message, 'file'));
    const fields = mediaFieldsSchema.safeParse({ alt: textField(form, 'alt'), decorative: textField(form, 'decorative') });
    if (!fields.success) throw validationError(fields.error);
    const sniffed = sniffedUpload(c, bytes);
    const image = await processImage(bytes, sniffed);
    if (!image) {
      logSecurityEvent(c, 'upload_refused', { size: bytes.byteLength, reason: 'undecodable' });
      throw new HttpError(415, IMAGE_UNREADABLE_MESSAGE);
    }
    return c.json(await storeMedia(image, fields.data, c.get('user')!.id), 201);
  })
  .delete('/media/:id', async (c) => {
    const id = c.req.param('id');
    if (!MEDIA_ID_PATTERN.test(id)) throw notFound(MEDIA_NOT_FOUND_MESSAGE);
    await deleteUnusedMedia(id);
    return c.body(null, 204);
  });
