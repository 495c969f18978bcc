import type { InferResponseType } from 'hono/client';
import sharp from 'sharp';
import { postInput } from '#tests/helpers/post-input.ts';
import { signInAsOwner, toasts } from './support/admin.ts';
import { preferMarkdownView } from './support/posts.ts';
import type { SiteClients } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

// Issue 19 point 4: an image dropped into the post editor is uploaded with its alt text and shows
// on the public post with srcset, its size and lazy loading; neither the original nor any resized
// copy keeps the camera's EXIF (GPS included). The test removes its post and image afterwards.

const ALT = 'A notebook and a cup of coffee on a desk';
const ALT_REQUIRED = 'Describe the image in its alt text, or mark it as decorative';

/** A 1600×1000 JPEG as a phone writes it: EXIF with GPS coordinates and the camera's name. */
async function cameraPhoto() {
  const bytes = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Spy 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2600/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3900/100' },
    })
    .toBuffer();
  expect((await sharp(bytes).metadata()).exif).toBeDefined();
  return bytes;
}

/** What POST /api/admin/media answers with a 201, as its route declares it. */
type UploadedImage = InferResponseType<SiteClients['adminApi']['media']['$post'], 201>;

/** Drops `bytes` as a file on the element, the way a file dragged from the desktop arrives. */
async function dropFile(page: Page, selector: string, bytes: Buffer, name: string, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const binary = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([binary], name, { type }));
      return transfer;
    },
    { base64: bytes.toString('base64'), name, type },
  );
  for (const event of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent(selector, event, { dataTransfer });
}

async function expectNoExif(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  const bytes = await response.body();
  const metadata = await sharp(bytes).metadata();
  expect({ url, exif: metadata.exif, xmp: metadata.xmp }).toEqual({ url, exif: undefined, xmp: undefined });
  expect(bytes.includes('SecretCam'), url).toBe(false);
}

let cleanup: (() => Promise<void>) | null = null;

test.afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

test('an image dropped into the editor with alt text shows on the public post with srcset, and no copy keeps EXIF', async ({
  page,
  api,
  typedApi,
}) => {
  await signInAsOwner(page);
  // The Markdown view: what goes in is read as text (the visual view's images: post-visual-editor.e2e.ts).
  await preferMarkdownView(page);
  const title = `Desk photo ${Date.now().toString(36)}`;
  const created = await typedApi.adminApi['blog-posts'].$post({ json: postInput({ title, content: 'The first paragraph.' }) });
  expect(created.status).toBe(201);
  const post = await created.json();
  const mediaIds: string[] = [];
  cleanup = async () => {
    await api.delete(`/api/admin/blog-posts/${post.id}`);
    for (const id of mediaIds) await api.delete(`/api/admin/media/${id}`);
  };

  await page.goto(`/admin/posts/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Post' })).toBeVisible();
  const content = page.locator('#post-content');
  // The cursor at the end of the text: the image goes after the first paragraph.
  await content.click();
  await content.press('End');

  await dropFile(page, '#post-content', await cameraPhoto(), 'IMG_0042.jpg', 'image/jpeg');
  const dialog = page.getByRole('dialog', { name: 'Add Image' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('IMG_0042.jpg')).toBeVisible();

  // No image goes in without a description.
  await dialog.getByRole('button', { name: 'Upload and Insert' }).click();
  await expect(dialog.getByText(ALT_REQUIRED)).toBeVisible();
  await expect(content).toHaveValue('The first paragraph.');

  await dialog.getByLabel('Alt text').fill(ALT);
  const uploading = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/media') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Upload and Insert' }).click();
  const uploaded = await uploading;
  expect(uploaded.status()).toBe(201);
  // The editor's own request, read as the page got it: its type is the route's answer.
  const image: UploadedImage = await uploaded.json();
  mediaIds.push(image.id);
  await expect(dialog).toBeHidden();
  await expect(content).toHaveValue(`The first paragraph.\n\n![${ALT}](${image.url})\n`);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page).getByText('Blog post updated successfully!')).toBeVisible();

  await page.goto(`/blog/${post.slug}`);
  const img = page.locator(`.prose-post picture img[alt="${ALT}"]`);
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute('src', image.url);
  await expect(img).toHaveAttribute('width', '1600');
  await expect(img).toHaveAttribute('height', '1000');
  await expect(img).toHaveAttribute('loading', 'lazy');
  const sources = page.locator('.prose-post picture source');
  await expect(sources).toHaveCount(2);
  const srcsets = await sources.evaluateAll((elements) =>
    elements.map((element) => ({
      type: element.getAttribute('type'),
      srcset: element.getAttribute('srcset'),
      sizes: element.getAttribute('sizes'),
    })),
  );
  expect(srcsets).toEqual(
    ['avif', 'webp'].map((format) => ({
      type: `image/${format}`,
      srcset: [480, 960, 1600].map((width) => `/media/${image.id}/${width}.${format} ${width}w`).join(', '),
      sizes: '(min-width: 768px) 720px, calc(100vw - 2rem)',
    })),
  );
  // The browser picked one of the copies, not the original.
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.currentSrc)).toContain(`/media/${image.id}/`);

  for (const url of [image.url, ...srcsets.flatMap(({ srcset }) => srcset!.split(', ').map((candidate) => candidate.split(' ')[0]!))]) {
    await expectNoExif(page, url);
  }

  // The media screen lists it with the post that uses it, and will not delete it.
  await page.goto('/admin/media');
  const row = page.getByRole('listitem', { name: ALT });
  await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', `/admin/posts/${post.id}`);
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();
});
