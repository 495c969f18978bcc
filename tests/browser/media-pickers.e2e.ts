// Issue 31: the pickers that choose an image from Media (a page's picture, the logo, the favicon)
// reach every image, not only the newest page of them, through "Show more images"; and Media will
// not delete an image a page shows, saying so in its dialog.
import sharp from 'sharp';
import { DEFAULT_PAGES } from '#src/config/pages/index.ts';
import { signInAsOwner, toasts } from './support/admin.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

/** More than a page of the media list (24), so the oldest is on the second page. */
const UPLOADS = 25;
const altOf = (index: number) => `Picker image ${String(index).padStart(2, '0')}`;
const OLDEST = altOf(1);

/**
 * Shows more images in `picker` by keyboard until `option` is listed: it is not at first. Once the
 * last images are listed the button goes, and the focus is on the picker.
 */
async function showUntilListed(page: Page, picker: Locator, option: string) {
  const id = await picker.getAttribute('id');
  const more = page.locator(`button[aria-controls="${id}"]`);
  const status = page.locator(`[id="${id}-more"]`);
  await expect(more).toHaveAccessibleName('Show more images');
  await expect(picker.getByRole('option', { name: option, exact: true })).toHaveCount(0);
  while ((await picker.getByRole('option', { name: option, exact: true }).count()) === 0) {
    const before = (await status.textContent()) ?? '';
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(status).not.toHaveText(before);
  }
  if ((await more.count()) === 0) {
    await expect(picker).toBeFocused();
    await expect(status).toHaveText(/^All \d+ images are listed\.$/);
  }
}

test('the oldest of more than a page of images is chosen as the About portrait, and Media then refuses to delete it', async ({
  page,
  typedApi,
  api,
  axe,
}) => {
  test.setTimeout(90_000);
  await signInAsOwner(page);
  const bytes = new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#5b8def' } })
      .png()
      .toBuffer(),
  );
  const images: Array<{ id: string; url: string }> = [];
  for (let index = 1; index <= UPLOADS; index++) {
    const form = new FormData();
    form.append('file', new File([bytes], `picker-${index}.png`, { type: 'image/png' }));
    form.append('alt', altOf(index));
    const uploaded = await typedApi.adminApi.media.$post({}, { init: { body: form } });
    expect(uploaded.status).toBe(201);
    images.push(await uploaded.json());
  }
  const oldest = images[0]!;
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/pages');
    await page.getByRole('link', { name: 'About', exact: true }).click();
    const portrait = page.getByRole('group', { name: 'Portrait' });
    const picker = portrait.getByLabel('Picture', { exact: true });
    await expect(picker.getByRole('option', { name: altOf(UPLOADS), exact: true })).toHaveCount(1);
    await expect(portrait.getByRole('button', { name: 'Show more images' })).toBeVisible();
    expect(await axe.serious()).toEqual([]);
    await showUntilListed(page, picker, OLDEST);

    await picker.selectOption({ label: OLDEST });
    const preview = page.frameLocator('iframe[title^="Preview of the About page"]');
    await expect(preview.locator(`img[src="${oldest.url}"]`)).toBeVisible();
    await expect(portrait.locator(`img[src="${oldest.url}"]`)).toBeVisible();
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(toasts(page).getByText('Page saved')).toBeVisible();

    // Media keeps it: the dialog says where it is used.
    await page.goto('/admin/media');
    await page.getByRole('navigation', { name: 'Image pages' }).getByRole('button', { name: 'Next' }).click();
    await page.getByRole('listitem', { name: OLDEST }).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Image' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This image is used on the About page: take it out of the page before deleting it');
    expect((await api.get(oldest.url)).status()).toBe(200);

    // Settings → Brand's pickers reach it the same way.
    await page.goto('/admin/settings');
    const brand = page.getByRole('region', { name: 'Brand' });
    const logo = brand.getByLabel('Logo', { exact: true });
    await showUntilListed(page, logo, OLDEST);
    await logo.selectOption({ label: OLDEST });
    await expect(brand.getByRole('figure').locator('img')).toHaveAttribute('src', oldest.url);
  } finally {
    const stored = await typedApi.adminApi.pages[':key'].$get({ param: { key: 'about' } });
    const { version } = await stored.json();
    await typedApi.adminApi.pages[':key'].$put({ param: { key: 'about' }, json: { content: DEFAULT_PAGES.about, version } });
    for (const image of images) await api.delete(`/api/admin/media/${image.id}`);
  }
});
