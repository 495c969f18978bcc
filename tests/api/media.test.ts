// Images in posts (issue 19): the upload is judged like a profile picture (bytes sniffed, under
// 5 MiB, no SVG, no polyglot) and needs an alt text unless marked decorative; the stored original
// and every resized copy carry no metadata. Every refusal asserts the status, the exact body and
// that the media tables are exactly as they were.
// Stored images once uploaded (served, listed, used in posts) are media-library.test.ts.
import { describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { media, mediaRenditions } from '#db/schema.ts';
import { postBody, request, type UploadOptions } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { bytesOf, ihdr, PNG_SIGNATURE, paddedPng, png, pngChunk, pseudoRandomBytes } from '../helpers/images.ts';
import { cameraJpeg, mediaForm, mediaUploader } from '../helpers/media.ts';
import { NOT_IMAGES } from '../helpers/not-images.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

const UPLOAD = '/api/admin/media';
const MIB = 1024 * 1024;
const SELECT_IMAGE = 'Please select an image file';
const ALT_REQUIRED = 'Describe the image in its alt text, or mark it as decorative';

// The typed client (tests/helpers/api.ts), for what the API accepts: its answers are typed by their
// routes. What it must refuse is sent raw by `upload` below.
const uploaded = mediaUploader(admin.headers);

/** Posts to the upload endpoint as the admin from the site's own page, unless told otherwise. */
const upload = (body: BodyInit, options: Partial<UploadOptions> = {}) => postBody(UPLOAD, body, { cookie: admin.cookie, ...options });

/** Every stored image and copy, bytes left out. */
const snapshot = async () => ({
  media: await db().select({ id: media.id, byteSize: media.byteSize }).from(media).orderBy(asc(media.id)),
  renditions: await db()
    .select({ mediaId: mediaRenditions.mediaId, format: mediaRenditions.format, width: mediaRenditions.width })
    .from(mediaRenditions)
    .orderBy(asc(mediaRenditions.mediaId), asc(mediaRenditions.format), asc(mediaRenditions.width)),
});

const expectRefused = refusalChecker(snapshot);

/** Nothing of the camera's metadata is left in these bytes. */
async function expectNoMetadata(bytes: Uint8Array) {
  const metadata = await sharp(bytes).metadata();
  expect({ exif: metadata.exif, xmp: metadata.xmp, iptc: metadata.iptc, orientation: metadata.orientation }).toEqual({
    exif: undefined,
    xmp: undefined,
    iptc: undefined,
    orientation: undefined,
  });
  const buffer = Buffer.from(bytes);
  for (const marker of ['Exif', 'SecretCam', 'Spy 3000', 'Private person']) expect(buffer.includes(marker)).toBe(false);
}

function expectImageHeaders(response: Response, type: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(type);
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(response.headers.get('set-cookie')).toBeNull();
}

describe('POST /api/admin/media stores a clean original and resized WebP and AVIF copies', () => {
  test('a camera JPEG with GPS: turned upright, no EXIF in the original or any copy, copies at 480, 960 and its own 1200', async () => {
    const body = await uploaded(mediaForm(await cameraJpeg(1800, 1200)));
    expect(body).toMatchObject({
      url: `/media/${body.id}.jpg`,
      contentType: 'image/jpeg',
      // Orientation 6 is applied before the tag goes: the portrait is stored upright.
      width: 1200,
      height: 1800,
      alt: 'A desk by a window',
      decorative: false,
      thumbnailUrl: `/media/${body.id}/480.webp`,
    });
    expect(body.id).toMatch(/^[a-z2-7]{24}$/);

    const [row] = await db().select().from(media).where(eq(media.id, body.id));
    expect(row).toMatchObject({
      contentType: 'image/jpeg',
      width: 1200,
      height: 1800,
      uploadedBy: admin.user.id,
      byteSize: row!.bytes.length,
    });
    await expectNoMetadata(row!.bytes);

    const copies = await db()
      .select()
      .from(mediaRenditions)
      .where(eq(mediaRenditions.mediaId, body.id))
      .orderBy(asc(mediaRenditions.format), asc(mediaRenditions.width));
    expect(copies.map(({ format, width, height }) => `${format} ${width}×${height}`)).toEqual([
      'avif 480×720',
      'avif 960×1440',
      'avif 1200×1800',
      'webp 480×720',
      'webp 960×1440',
      'webp 1200×1800',
    ]);

    const original = await request(body.url);
    expectImageHeaders(original, 'image/jpeg');
    const originalBytes = new Uint8Array(await original.arrayBuffer());
    expect(originalBytes).toEqual(new Uint8Array(row!.bytes));
    await expectNoMetadata(originalBytes);

    for (const copy of copies) {
      const served = await request(`/media/${body.id}/${copy.width}.${copy.format}`);
      expectImageHeaders(served, `image/${copy.format}`);
      const bytes = new Uint8Array(await served.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format: copy.format === 'avif' ? 'heif' : 'webp',
        width: copy.width,
        height: copy.height,
      });
      await expectNoMetadata(bytes);
    }
  }, 30_000);

  test('a small PNG is never enlarged: one copy per format at its own width', async () => {
    const bytes = new Uint8Array(
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366aa' } })
        .png()
        .toBuffer(),
    );
    const body = await uploaded(mediaForm(bytes, { alt: 'A blue square' }, { name: 'square.png', type: 'image/png' }));
    expect(body).toMatchObject({ url: `/media/${body.id}.png`, contentType: 'image/png', width: 300, height: 200 });
    const copies = await db()
      .select({ format: mediaRenditions.format, width: mediaRenditions.width })
      .from(mediaRenditions)
      .where(eq(mediaRenditions.mediaId, body.id));
    expect(copies.map(({ format, width }) => `${format} ${width}`).sort()).toEqual(['avif 300', 'webp 300']);
    expectImageHeaders(await request(body.url), 'image/png');
  });

  test('a decorative image is stored without alt text, even when some is sent', async () => {
    const body = await uploaded(mediaForm(png(4, 4), { decorative: 'true', alt: 'ignored' }, { name: 'line.png', type: 'image/png' }));
    expect(body).toMatchObject({ alt: '', decorative: true });
  });

  test('the alt text is trimmed; the declared type and file name are ignored', async () => {
    const body = await uploaded(mediaForm(png(2, 2), { alt: '  Coach at work  ' }, { name: 'x.php', type: 'text/html; image/jpeg' }));
    expect(body).toMatchObject({ alt: 'Coach at work', contentType: 'image/png', url: `/media/${body.id}.png` });
  });
});

describe('POST /api/admin/media refuses bad input with a clear message and stores nothing', () => {
  test('no alt text and not decorative → 400 naming alt', () =>
    expectRefused(() => upload(mediaForm(png(1, 1), {})), 400, { message: ALT_REQUIRED, field: 'alt' }));

  test('an alt text of spaces only → 400', () =>
    expectRefused(() => upload(mediaForm(png(1, 1), { alt: '   ' })), 400, { message: ALT_REQUIRED, field: 'alt' }));

  test('decorative "false" with no alt text → 400', () =>
    expectRefused(() => upload(mediaForm(png(1, 1), { decorative: 'false', alt: '' })), 400, { message: ALT_REQUIRED, field: 'alt' }));

  test('an alt text of 301 characters → 400', () =>
    expectRefused(() => upload(mediaForm(png(1, 1), { alt: 'a'.repeat(301) })), 400, {
      message: 'Alt text must be at most 300 characters',
      field: 'alt',
    }));

  for (const alt of ['two\nlines', 'nul\u0000byte']) {
    test(`an alt text with a control character (${JSON.stringify(alt)}) → 400`, () =>
      expectRefused(() => upload(mediaForm(png(1, 1), { alt })), 400, {
        message: 'Alt text must be plain text on one line',
        field: 'alt',
      }));
  }

  test('decorative "yes" → 400 naming decorative', () =>
    expectRefused(() => upload(mediaForm(png(1, 1), { decorative: 'yes' })), 400, {
      message: 'Decorative must be true or false',
      field: 'decorative',
    }));

  test('two alt texts → 400', () =>
    expectRefused(() => upload(mediaForm(png(1, 1), { alt: ['one', 'two'] })), 400, {
      message: 'alt must be given once, as text',
      field: 'alt',
    }));

  test('no file → 400 naming file', () => expectRefused(() => upload(mediaForm(null)), 400, { message: SELECT_IMAGE, field: 'file' }));

  test('an empty file → 400', () =>
    expectRefused(() => upload(mediaForm(new Uint8Array(0))), 400, { message: SELECT_IMAGE, field: 'file' }));

  for (const { name, bytes, file, type } of NOT_IMAGES) {
    test(`${name} → 415 "${SELECT_IMAGE}"`, () =>
      expectRefused(() => upload(mediaForm(bytes, undefined, { name: file, type })), 415, { message: SELECT_IMAGE }));
  }

  test('a whole PNG whose pixel data does not inflate → 415 "The image could not be read"', () =>
    expectRefused(
      () =>
        upload(
          mediaForm(bytesOf(PNG_SIGNATURE, ihdr(8, 8), pngChunk('IDAT', pseudoRandomBytes(40)), pngChunk('IEND')), undefined, {
            name: 'x.png',
          }),
        ),
      415,
      { message: 'The image could not be read: the file may be damaged' },
    ));

  test('a PNG of exactly 5 MiB → 413 "Image must be less than 5MB"', () =>
    expectRefused(() => upload(mediaForm(paddedPng(5 * MIB), undefined, { name: 'x.png' })), 413, {
      message: 'Image must be less than 5MB',
    }));

  test('a declared Content-Length of 50 MB → 413 before the body is read', () =>
    expectRefused(
      () => upload('x', { headers: { 'Content-Type': 'multipart/form-data; boundary=B', 'Content-Length': String(50 * MIB) } }),
      413,
      { message: 'Image must be less than 5MB' },
    ));

  test('a JSON body → 415', () =>
    expectRefused(() => upload(JSON.stringify({ alt: 'x' }), { headers: { 'Content-Type': 'application/json' } }), 415, {
      message: 'Content-Type must be multipart/form-data',
    }));

  test('signed out → 401, a user → 403, a foreign Origin → 403', async () => {
    await expectRefused(() => upload(mediaForm(png(1, 1)), { cookie: null }), 401, { message: 'Authentication required' });
    const user = await signedIn(db(), 'user');
    await expectRefused(() => upload(mediaForm(png(1, 1)), { cookie: user.cookie }), 403, { message: 'Admin privileges required' });
    await expectRefused(() => upload(mediaForm(png(1, 1)), { origin: 'https://evil.example' }), 403, {
      message: 'Cross-site request refused',
    });
  });
});
