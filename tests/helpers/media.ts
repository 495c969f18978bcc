// Post images as the media tests upload them (tests/api/media*.test.ts): the editor's multipart form,
// a camera JPEG carrying the metadata an upload must strip, and an upload that must be stored.
import { expect } from 'bun:test';
import sharp from 'sharp';
import { typedApi } from './api.ts';
import type { Bytes } from './images.ts';

/** A multipart form: the file under `file` (unless told otherwise) and the given text fields. */
export function mediaForm(
  bytes: Bytes | null,
  fields: Record<string, string | string[]> = { alt: 'A desk by a window' },
  { name = 'photo.jpg', type = 'image/jpeg' } = {},
) {
  const form = new FormData();
  if (bytes) form.append('file', new File([bytes], name, { type }));
  for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(key, one);
  return form;
}

/** A camera-like JPEG: EXIF with GPS coordinates and a camera name, and "rotate 90°" in its orientation tag. */
export async function cameraJpeg(width: number, height: number) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Spy 3000', Copyright: 'Private person' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2600/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
    })
    .toBuffer();
  const metadata = await sharp(bytes).metadata();
  // The fixture really carries what must be stripped.
  expect(metadata.exif).toBeDefined();
  expect(metadata.orientation).toBe(6);
  expect(bytes.includes('SecretCam')).toBe(true);
  return new Uint8Array(bytes);
}

/** `uploaded(form)`: the form sent as the admin with `headers` through the typed client, answered 201; its body. */
export function mediaUploader(headers: () => Record<string, string>) {
  const { adminApi } = typedApi(headers);
  return async function uploaded(form: FormData) {
    // The route reads its multipart form itself, so the form goes as the request's body, as the editor sends it.
    const response = await adminApi.media.$post({}, { init: { body: form } });
    expect(response.status).toBe(201);
    return response.json();
  };
}
