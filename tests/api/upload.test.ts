// Profile picture upload (docs/security.md#uploads; docs/product.md §5 messages). The type is
// judged by the bytes alone; every refusal asserts the status, the exact body and that the uploads
// table is exactly as it was.
import { beforeAll, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { uploads } from '#db/schema.ts';
import { typedApi } from '../helpers/api.ts';
import { postBody, request, type UploadOptions } from '../helpers/app.ts';
import { signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { type Bytes, bytesOf, jpeg, paddedPng, png, TRANSPARENT_GIF, utf8 } from '../helpers/images.ts';
import { NOT_IMAGES } from '../helpers/not-images.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

const UPLOAD = '/api/upload-profile-image';
const URL_PATTERN = /^\/api\/uploads\/[a-z2-7]{24}\.(jpg|png|gif)$/;
const MIB = 1024 * 1024;
const SELECT_IMAGE = { message: 'Please select an image file' };
const TOO_LARGE = { message: 'Image must be less than 5MB' };

let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  admin = await signedIn(db(), 'admin');
});

/** A multipart form holding one file under `field`, with whatever name and type the client claims. */
function fileForm(bytes: Bytes, { name = 'photo.png', type = 'image/png', field = 'file' } = {}) {
  const form = new FormData();
  form.append(field, new File([bytes], name, { type }));
  return form;
}

/** Posts to the upload endpoint as the admin from the site's own page, unless told otherwise. */
const upload = (body: BodyInit, options: Partial<UploadOptions> = {}) => postBody(UPLOAD, body, { cookie: admin.cookie, ...options });

/**
 * The same upload through the typed client (tests/helpers/api.ts), its answer typed by the route; the
 * route reads its multipart form itself, so the form goes as the request's body, as the screens send it.
 */
const { profileImageApi } = typedApi(() => ({ Cookie: admin.cookie }));
const uploadTyped = (form: FormData) => profileImageApi.index.$post({}, { init: { body: form } });

/** Every stored upload, bytes left out (their size and the random id identify them). */
const snapshot = () =>
  db()
    .select({ id: uploads.id, contentType: uploads.contentType, byteSize: uploads.byteSize, uploadedBy: uploads.uploadedBy })
    .from(uploads)
    .orderBy(asc(uploads.id));

/** A request that must be refused: its status and body, and nothing changed. */
const expectRefused = refusalChecker(snapshot);

const idOf = (url: string) => /\/([a-z2-7]{24})\.\w+$/.exec(url)![1]!;

/** Uploads the bytes, expects 201 and a URL with the extension, and returns the URL. */
async function expectStored(form: FormData, extension: 'jpg' | 'png' | 'gif') {
  const before = (await snapshot()).length;
  const response = await uploadTyped(form);
  expect(response.status).toBe(201);
  const body = await response.json();
  expect(Object.keys(body)).toEqual(['url']);
  expect(body.url).toMatch(URL_PATTERN);
  expect(body.url.endsWith(`.${extension}`)).toBe(true);
  expect((await snapshot()).length).toBe(before + 1);
  return body.url;
}

describe('POST /api/upload-profile-image accepts real JPEG, PNG and GIF images', () => {
  const VALID = [
    { format: 'JPEG', bytes: jpeg(2, 2), extension: 'jpg', type: 'image/jpeg', name: 'me.jpg' },
    { format: 'PNG', bytes: png(1, 1), extension: 'png', type: 'image/png', name: 'me.png' },
    { format: 'GIF', bytes: TRANSPARENT_GIF, extension: 'gif', type: 'image/gif', name: 'me.gif' },
  ] as const;

  for (const { format, bytes, extension, type, name } of VALID) {
    test(`a tiny ${format} is stored and served back byte for byte with the upload headers`, async () => {
      const url = await expectStored(fileForm(bytes, { name, type }), extension);
      const id = idOf(url);

      const [row] = await db().select().from(uploads).where(eq(uploads.id, id));
      expect(row).toMatchObject({ id, contentType: type, byteSize: bytes.length, uploadedBy: admin.user.id });
      expect([...row!.bytes]).toEqual([...bytes]);

      const served = await request(url);
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
      expect(served.headers.get('content-type')).toBe(type);
      const csp = served.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('sandbox');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('content-disposition')).toBe(`inline; filename="${id}.${extension}"`);
      expect(served.headers.get('set-cookie')).toBeNull();
    });
  }

  test('the declared type and file name are ignored: a real PNG declared "text/html; image/png" named x.php is a .png', async () => {
    const url = await expectStored(fileForm(png(1, 1), { name: 'x.php', type: 'text/html; image/png' }), 'png');
    const served = await request(url);
    expect(served.headers.get('content-type')).toBe('image/png');
    const [row] = await db()
      .select({ contentType: uploads.contentType })
      .from(uploads)
      .where(eq(uploads.id, idOf(url)));
    expect(row!.contentType).toBe('image/png');
  });

  test('a JPEG declared as image/png named x.png is stored and served as a JPEG', async () => {
    const url = await expectStored(fileForm(jpeg(1, 1), { name: 'x.png', type: 'image/png' }), 'jpg');
    expect((await request(url)).headers.get('content-type')).toBe('image/jpeg');
  });

  for (const name of ['../../etc/passwd.png', 'a"\r\nSet-Cookie: x=y.png', `${'n'.repeat(5000)}.png`]) {
    test(`the hostile file name ${JSON.stringify(name.slice(0, 30))} is ignored: no path, no header injection`, async () => {
      const response = await uploadTyped(fileForm(png(1, 1), { name }));
      expect(response.status).toBe(201);
      expect(response.headers.get('set-cookie')).toBeNull();
      const { url } = await response.json();
      expect(url).toMatch(URL_PATTERN);
      const served = await request(url);
      expect(served.headers.get('content-disposition')).toBe(`inline; filename="${idOf(url)}.png"`);
      expect(served.headers.get('set-cookie')).toBeNull();
    });
  }
});

describe('POST /api/upload-profile-image without exactly one non-empty file', () => {
  test('an empty file → 400 "Please select an image file"', () =>
    expectRefused(() => upload(fileForm(new Uint8Array(0))), 400, SELECT_IMAGE));

  test('a form without a file field → 400', () => {
    const form = new FormData();
    form.append('name', 'photo');
    return expectRefused(() => upload(form), 400, SELECT_IMAGE);
  });

  test('the image under the field name "image" instead of "file" → 400', () =>
    expectRefused(() => upload(fileForm(png(1, 1), { field: 'image' })), 400, SELECT_IMAGE));

  test('a text value under "file" instead of a file → 400', () => {
    const form = new FormData();
    form.append('file', 'not a file');
    return expectRefused(() => upload(form), 400, SELECT_IMAGE);
  });

  test('two files under "file" → 400 and neither is stored', () => {
    const form = fileForm(png(1, 1));
    form.append('file', new File([TRANSPARENT_GIF], 'b.gif', { type: 'image/gif' }));
    return expectRefused(() => upload(form), 400, SELECT_IMAGE);
  });
});

describe('POST /api/upload-profile-image refuses anything that is not a whole JPEG, PNG or GIF with 415', () => {
  for (const { name, bytes, file, type } of NOT_IMAGES) {
    test(`${name} → 415 "Please select an image file", nothing stored`, () =>
      expectRefused(() => upload(fileForm(bytes, { name: file, type })), 415, SELECT_IMAGE));
  }
});

describe('POST /api/upload-profile-image size limit (under 5 MiB)', () => {
  // Five megabytes in, checked, stored and read back: seconds on a busy machine, past bun's 5 s default.
  test('a PNG of 5 MiB − 1 byte (filler in an ancillary chunk) is accepted and served whole', async () => {
    const bytes = paddedPng(5 * MIB - 1);
    expect(bytes.length).toBe(5_242_879);
    const url = await expectStored(fileForm(bytes), 'png');
    const [row] = await db()
      .select({ byteSize: uploads.byteSize })
      .from(uploads)
      .where(eq(uploads.id, idOf(url)));
    expect(row!.byteSize).toBe(5_242_879);
    const served = await request(url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  }, 30_000);

  test('the same PNG at exactly 5 MiB → 413 "Image must be less than 5MB"', () => {
    const bytes = paddedPng(5 * MIB);
    expect(bytes.length).toBe(5_242_880);
    return expectRefused(() => upload(fileForm(bytes)), 413, TOO_LARGE);
  });

  test('a 50 MB body streamed in chunks with no length → 413, read no further than the limit, nothing stored', async () => {
    const head = utf8('--B\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n');
    const chunk = new Uint8Array(64 * 1024);
    let pulled = 0;
    let headSent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!headSent) {
          headSent = true;
          controller.enqueue(bytesOf(head, png(1, 1)));
        } else if (pulled < 50 * MIB) {
          pulled += chunk.length;
          controller.enqueue(chunk);
        } else {
          controller.close();
        }
      },
    });
    await expectRefused(() => upload(stream, { headers: { 'Content-Type': 'multipart/form-data; boundary=B' } }), 413, TOO_LARGE);
    // Counted while streaming: the server stopped pulling soon after the limit, not at 50 MB.
    expect(pulled).toBeGreaterThan(5 * MIB);
    expect(pulled).toBeLessThan(8 * MIB);
  });

  test('a declared Content-Length of 50 MB → 413 before the body is read', () =>
    expectRefused(
      () => upload('x', { headers: { 'Content-Type': 'multipart/form-data; boundary=B', 'Content-Length': String(50 * MIB) } }),
      413,
      TOO_LARGE,
    ));
});

describe('POST /api/upload-profile-image malformed requests', () => {
  test('a JSON body → 415', () =>
    expectRefused(() => upload(JSON.stringify({ file: 'x.png' }), { headers: { 'Content-Type': 'application/json' } }), 415, {
      message: 'Content-Type must be multipart/form-data',
    }));

  test('a form-urlencoded body → 415', () =>
    expectRefused(() => upload('file=x.png', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }), 415, {
      message: 'Content-Type must be multipart/form-data',
    }));

  test('a multipart Content-Type over a body that is not multipart → 400', () =>
    expectRefused(() => upload('this is not multipart at all', { headers: { 'Content-Type': 'multipart/form-data; boundary=XYZ' } }), 400, {
      message: 'The upload could not be read',
    }));

  test('a multipart body cut off before its closing boundary → 400', () =>
    expectRefused(
      () =>
        upload(
          bytesOf('--a\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n', png(1, 1)),
          {
            headers: { 'Content-Type': 'multipart/form-data; boundary=a' },
          },
        ),
      400,
      { message: 'The upload could not be read' },
    ));

  test('an empty boundary parameter → 400', () =>
    expectRefused(
      () =>
        upload(bytesOf('--a\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\n', png(1, 1), '\r\n--a--\r\n'), {
          headers: { 'Content-Type': 'multipart/form-data; boundary=' },
        }),
      400,
      { message: 'The upload could not be read' },
    ));
});

describe('POST /api/upload-profile-image access control', () => {
  test('signed out → 401 "Authentication required", nothing stored', () =>
    expectRefused(() => upload(fileForm(png(1, 1)), { cookie: null }), 401, { message: 'Authentication required' }));

  test('a user-role session → 403 "Admin privileges required", nothing stored', async () => {
    const user = await signedIn(db(), 'user');
    await expectRefused(() => upload(fileForm(png(1, 1)), { cookie: user.cookie }), 403, { message: 'Admin privileges required' });
  });

  test('an admin cookie from a foreign Origin → 403 "Cross-site request refused", nothing stored', () =>
    expectRefused(() => upload(fileForm(png(1, 1)), { origin: 'https://evil.example' }), 403, { message: 'Cross-site request refused' }));
});

describe('GET /api/uploads/:file', () => {
  test('an unknown 24-character id → 404 JSON', async () => {
    const response = await request('/api/uploads/abcdefghijklmnopqrstuvwx.png');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'Upload not found' });
  });

  test('a stored id with the wrong extension → 404 JSON, and the right one still answers', async () => {
    const url = await expectStored(fileForm(png(1, 1)), 'png');
    const id = idOf(url);
    for (const extension of ['jpg', 'gif']) {
      const response = await request(`/api/uploads/${id}.${extension}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ message: 'Upload not found' });
    }
    expect((await request(url)).status).toBe(200);
  });

  for (const path of [
    '/api/uploads/ABCDEFGHIJKLMNOPQRSTUVWX.png',
    '/api/uploads/abc.png',
    '/api/uploads/abcdefghijklmnopqrstuvwx.svg',
    '/api/uploads/..%2f..%2fpackage.json',
  ]) {
    test(`a path outside the id pattern (${path}) → 404 JSON`, async () => {
      const response = await request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ message: 'Not found' });
    });
  }
});
