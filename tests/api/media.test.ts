// Images in posts (issue 19): the upload is judged like a profile picture (bytes sniffed, under
// 5 MiB, no SVG, no polyglot) and needs an alt text unless marked decorative; the stored original
// and every resized copy carry no metadata. Every refusal asserts the status, the exact body and
// that the media tables are exactly as they were.
import { beforeAll, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { auditLog, media, mediaRenditions, posts } from '#db/schema.ts';
import { typedApi } from '../helpers/api.ts';
import { request, SITE_ORIGIN } from '../helpers/app.ts';
import { signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createPost } from '../helpers/factories.ts';
import {
  type Bytes,
  bytesOf,
  idat,
  ihdr,
  jpeg,
  latin1,
  PNG_SIGNATURE,
  paddedPng,
  png,
  pngChunk,
  pseudoRandomBytes,
  utf8,
} from '../helpers/images.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

const UPLOAD = '/api/admin/media';
const MIB = 1024 * 1024;
const SELECT_IMAGE = 'Please select an image file';
const ALT_REQUIRED = 'Describe the image in its alt text, or mark it as decorative';

let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  admin = await signedIn(db(), 'admin');
});

// The typed client (tests/helpers/api.ts), for what the API accepts: its answers are typed by their
// routes. What it must refuse is sent raw by `upload` below.
const { adminApi } = typedApi(() => ({ Cookie: admin.cookie }));

/** A multipart form: the file under `file` (unless told otherwise) and the given text fields. */
function mediaForm(
  bytes: Bytes | null,
  fields: Record<string, string | string[]> = { alt: 'A desk by a window' },
  { name = 'photo.jpg', type = 'image/jpeg' } = {},
) {
  const form = new FormData();
  if (bytes) form.append('file', new File([bytes], name, { type }));
  for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(key, one);
  return form;
}

function upload(
  body: BodyInit,
  { cookie = admin.cookie as string | null, origin = SITE_ORIGIN, headers = {} as Record<string, string> } = {},
) {
  return request(UPLOAD, {
    method: 'POST',
    headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
}

async function uploaded(form: FormData) {
  // The route reads its multipart form itself, so the form goes as the request's body, as the editor sends it.
  const response = await adminApi.media.$post({}, { init: { body: form } });
  expect(response.status).toBe(201);
  return response.json();
}

/** Every stored image and copy, bytes left out. */
const snapshot = async () => ({
  media: await db().select({ id: media.id, byteSize: media.byteSize }).from(media).orderBy(asc(media.id)),
  renditions: await db()
    .select({ mediaId: mediaRenditions.mediaId, format: mediaRenditions.format, width: mediaRenditions.width })
    .from(mediaRenditions)
    .orderBy(asc(mediaRenditions.mediaId), asc(mediaRenditions.format), asc(mediaRenditions.width)),
});

const expectRefused = refusalChecker(snapshot);

/** A camera-like JPEG: EXIF with GPS coordinates and a camera name, and "rotate 90°" in its orientation tag. */
async function cameraJpeg(width: number, height: number) {
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

  const WRONG: { name: string; bytes: Bytes; file: string; type: string }[] = [
    {
      name: 'an SVG with a script',
      bytes: utf8('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>'),
      file: 'x.svg',
      type: 'image/svg+xml',
    },
    {
      name: 'an HTML page declared image/jpeg',
      bytes: utf8('<!doctype html><script>alert(1)</script>'),
      file: 'x.jpg',
      type: 'image/jpeg',
    },
    { name: 'a PDF', bytes: utf8('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), file: 'x.pdf', type: 'application/pdf' },
    {
      name: 'a GIF89a header over JavaScript (polyglot)',
      bytes: latin1('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.domain)//'),
      file: 'x.gif',
      type: 'image/gif',
    },
    {
      name: 'a PNG with HTML after IEND (polyglot)',
      bytes: bytesOf(png(1, 1), '<html><script>alert(1)</script></html>'),
      file: 'x.png',
      type: 'image/png',
    },
    {
      name: 'a JPEG with a ZIP after EOI (polyglot)',
      bytes: bytesOf(jpeg(1, 1), 'PK\x03\x04\x14\x00\x00\x00\x08\x00', pseudoRandomBytes(64)),
      file: 'x.jpg',
      type: 'image/jpeg',
    },
    {
      name: 'a PNG whose header claims 100000×100000 pixels (decompression bomb)',
      bytes: bytesOf(PNG_SIGNATURE, ihdr(100_000, 100_000), idat(1, 1), pngChunk('IEND')),
      file: 'x.png',
      type: 'image/png',
    },
  ];
  for (const { name, bytes, file, type } of WRONG) {
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

describe('GET /media/…', () => {
  for (const path of [
    '/media/abcdefghijklmnopqrstuvwx.jpg',
    '/media/abcdefghijklmnopqrstuvwx/480.webp',
    '/media/abcdefghijklmnopqrstuvwx/0480.webp',
    '/media/abcdefghijklmnopqrstuvwx/480.png',
    '/media/abcdefghijklmnopqrstuvwx.svg',
    '/media/ABCDEFGHIJKLMNOPQRSTUVWX.png',
    '/media/..%2f..%2fpackage.json',
  ]) {
    test(`${path} → 404 JSON`, async () => {
      const response = await request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    });
  }

  test('a stored image under another extension, or a width that was not made → 404 "Image not found"', async () => {
    const bytes = new Uint8Array(
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    const body = await uploaded(mediaForm(bytes, { alt: 'Dot' }, { name: 'x.png' }));
    for (const path of [`/media/${body.id}.jpg`, `/media/${body.id}/480.webp`, `/media/${body.id}/11.avif`]) {
      const response = await request(path);
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 404,
        body: { message: 'Image not found' },
      });
    }
    expect((await request(`/media/${body.id}/10.avif`)).status).toBe(200);
  });
});

describe('the media screen API', () => {
  test('lists uploads newest first with the posts that use them, and deletes only unused ones', async () => {
    const inBody = await uploaded(mediaForm(png(3, 3), { alt: 'In a body' }, { name: 'a.png' }));
    const asCover = await uploaded(mediaForm(png(3, 3), { alt: 'As a cover' }, { name: 'b.png' }));
    const unused = await uploaded(mediaForm(png(3, 3), { alt: 'Unused' }, { name: 'c.png' }));
    const post = await createPost(db(), { title: 'Post with a picture', content: `Text\n\n![In a body](${inBody.url})` });
    const covered = await createPost(db(), { title: 'Post with a cover', customImage: asCover.url, published: false });

    const listed = await adminApi.media.$get({ query: {} });
    expect(listed.status).toBe(200);
    const page = await listed.json();
    const byId = new Map(page.items.map((item) => [item.id, item]));
    expect(page.items.slice(0, 3).map((item) => item.alt)).toEqual(['Unused', 'As a cover', 'In a body']);
    expect(byId.get(inBody.id)!.usedIn).toEqual([{ postId: post.id, title: 'Post with a picture' }]);
    expect(byId.get(asCover.id)!.usedIn).toEqual([{ postId: covered.id, title: 'Post with a cover' }]);
    expect(byId.get(unused.id)!.usedIn).toEqual([]);
    expect(page).toMatchObject({ page: 1, pages: 1 });
    expect(page.total).toBe(page.items.length);

    for (const used of [inBody, asCover]) {
      const response = await request(`/api/admin/media/${used.id}`, {
        method: 'DELETE',
        headers: { Cookie: admin.cookie, Origin: SITE_ORIGIN },
      });
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 409,
        body: { message: 'This image is used in a post: take it out of the post before deleting it' },
      });
      expect((await request(used.url)).status).toBe(200);
    }

    const deleted = await request(`/api/admin/media/${unused.id}`, {
      method: 'DELETE',
      headers: { Cookie: admin.cookie, Origin: SITE_ORIGIN },
    });
    expect(deleted.status).toBe(204);
    expect(await db().select().from(mediaRenditions).where(eq(mediaRenditions.mediaId, unused.id))).toEqual([]);
    expect((await request(unused.url)).status).toBe(404);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, unused.id));
    expect(audit).toMatchObject({ action: 'media.deleted', targetType: 'media', actorId: admin.user.id });

    const again = await request(`/api/admin/media/${unused.id}`, {
      method: 'DELETE',
      headers: { Cookie: admin.cookie, Origin: SITE_ORIGIN },
    });
    expect({ status: again.status, body: await again.json() }).toEqual({ status: 404, body: { message: 'Image not found' } });
  });

  test('a page number that is not a whole number from 1 → 400 naming page', async () => {
    for (const page of ['0', 'abc', '1.5']) {
      const response = await request(`/api/admin/media?page=${page}`, { headers: { Cookie: admin.cookie } });
      expect({ page, status: response.status, body: await response.json() }).toEqual({
        page,
        status: 400,
        body: { message: 'page must be a whole number from 1 to 1000000', field: 'page' },
      });
    }
  });
});

describe('posts show uploaded images responsively', () => {
  test('the preview (the public page renderer) draws a stored image in a <picture> with srcset, sizes, width, height and lazy loading', async () => {
    const body = await uploaded(mediaForm(await cameraJpeg(1800, 1200), { alt: 'Desk [left]' }));
    const response = await adminApi['blog-posts'].preview.$post({
      json: { title: 'T', content: `Intro\n\n![Desk \\[left\\]](${body.url})\n\n![Elsewhere](https://example.com/x.png)` },
    });
    expect(response.status).toBe(200);
    const { html } = await response.json();
    const copies = (format: string) => [480, 960, 1200].map((width) => `/media/${body.id}/${width}.${format} ${width}w`).join(', ');
    const sizes = '(min-width: 768px) 720px, calc(100vw - 2rem)';
    expect(html).toContain(
      `<picture><source type="image/avif" srcset="${copies('avif')}" sizes="${sizes}"><source type="image/webp" srcset="${copies('webp')}" sizes="${sizes}"><img src="${body.url}" alt="Desk [left]" loading="lazy" decoding="async" width="1200" height="1800"></picture>`,
    );
    // An image from elsewhere is left as written.
    expect(html).toContain('<img src="https://example.com/x.png" alt="Elsewhere">');
  }, 30_000);

  test('a post saved with an uploaded image keeps that <picture> in its stored HTML (read inside the save transaction)', async () => {
    const image = await uploaded(mediaForm(png(2, 2), { alt: 'Tiny' }, { name: 't.png' }));
    const response = await adminApi['blog-posts'].$post({
      json: {
        title: 'With an image',
        excerpt: '',
        content: `Hello\n\n![Tiny](${image.url})`,
        categoryId: null,
        customImage: null,
        featured: false,
        published: true,
        scheduledFor: null,
        autoPublish: false,
      },
    });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [row] = await db().select({ html: posts.contentHtml }).from(posts).where(eq(posts.id, id));
    expect(row!.html).toContain(`<source type="image/webp" srcset="/media/${image.id}/2.webp 2w"`);
    expect(row!.html).toContain(`<img src="${image.url}" alt="Tiny" loading="lazy" decoding="async" width="2" height="2">`);
  });
});
