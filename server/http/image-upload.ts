import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES, SELECT_IMAGE_MESSAGE } from '#src/schemas/profile-image.ts';
import { badRequest, HttpError } from '../errors.ts';
import { logSecurityEvent } from '../security-log.ts';
import { type SniffedImage, sniffImage } from '../uploads/image-sniff.ts';

// The multipart image uploads (profile pictures, post images) read their body one way: within a
// limit counted while it streams in, one file field, its bytes deciding what it is.

// Room for the multipart framing (and short text fields) around a file just under the limit;
// counted while the body streams in, chunked bodies included, so an oversized upload is refused
// before it is buffered.
export const limitImageUpload = bodyLimit({
  maxSize: MAX_IMAGE_BYTES + 64 * 1024,
  onError: () => {
    throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
  },
});

/**
 * The form and the bytes of its one `file`. A missing or empty file is refused with `missingFile`'s
 * error, a large one with 413.
 */
export async function readImageUpload(
  c: Context,
  missingFile: (message: string) => HttpError = badRequest,
): Promise<{ form: FormData; bytes: Uint8Array }> {
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
  if (files.length !== 1 || !(file instanceof File) || file.size === 0) throw missingFile(SELECT_IMAGE_MESSAGE);
  if (file.size >= MAX_IMAGE_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
  return { form, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** What the bytes are (ASVS 5.2.2, docs/security.md: the declared type and the file name are ignored); anything but a known image is a 415. */
export function sniffedUpload(c: Context, bytes: Uint8Array): SniffedImage {
  const image = sniffImage(bytes);
  if (image) return image;
  logSecurityEvent(c, 'upload_refused', { size: bytes.byteLength });
  throw new HttpError(415, SELECT_IMAGE_MESSAGE);
}
