// Post images once uploaded (issue 19): served at /media/… (and nothing else there), listed with the
// posts that use them and deleted only when unused, and drawn in posts as a responsive <picture>.
// The upload itself is media.test.ts.
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { auditLog, mediaRenditions, posts } from '#db/schema.ts';
import { typedApi } from '../helpers/api.ts';
import { request, SITE_ORIGIN } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createPost } from '../helpers/factories.ts';
import { png } from '../helpers/images.ts';
import { cameraJpeg, mediaForm, mediaUploader } from '../helpers/media.ts';
import { postInput } from '../helpers/post-input.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { adminApi } = typedApi(admin.headers);
const uploaded = mediaUploader(admin.headers);

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
      json: postInput({ title: 'With an image', content: `Hello\n\n![Tiny](${image.url})` }),
    });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [row] = await db().select({ html: posts.contentHtml }).from(posts).where(eq(posts.id, id));
    expect(row!.html).toContain(`<source type="image/webp" srcset="/media/${image.id}/2.webp 2w"`);
    expect(row!.html).toContain(`<img src="${image.url}" alt="Tiny" loading="lazy" decoding="async" width="2" height="2">`);
  });
});
