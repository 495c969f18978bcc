import sharp from 'sharp';
import { brandPalette, DEFAULT_ACCENT, DEFAULT_PRIMARY } from '#src/schemas/brand.ts';
import { signInAsOwner, toasts } from './support/admin.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

// Issue 31 §5: the coach's brand. A colour chosen in Settings → Brand reaches every public page and
// the admin (the scale derived from it included); one that text would not read on is refused under
// its field; a logo and favicon chosen from Media show in the header, the footer, the admin and the
// browser's tab. The `settings` fixture puts back every setting a test changed.

const GREEN = '#2d6a4f';
const ORANGE = '#f4a261';

/** `#rrggbb` as getComputedStyle writes a colour. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
const background = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);

async function openBrand(page: Page) {
  await signInAsOwner(page);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Brand' })).toBeVisible();
}

test('a fresh site carries no brand style: its pages are the theme as designed', async ({ page }) => {
  const response = await page.goto('/');
  expect(await response!.text()).not.toContain('brand-theme');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  const contact = page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true });
  expect(await background(contact)).toBe(rgb(DEFAULT_PRIMARY));
});

test('colours chosen in Settings → Brand reach every public page and the admin, with the scale derived from them', async ({
  page,
  settings,
  axe,
}) => {
  // Registered, so the fixture puts the first-start colours back after the test.
  await settings.set({ brandPrimary: DEFAULT_PRIMARY, brandAccent: DEFAULT_ACCENT });
  await openBrand(page);
  const brand = page.getByRole('region', { name: 'Brand' });
  const sample = brand.getByRole('figure');
  await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill(GREEN.toUpperCase());
  await page.getByRole('textbox', { name: 'Accent colour', exact: true }).fill(ORANGE);
  // The sample follows what is typed, before anything is saved.
  await expect(sample.getByText('Primary button')).toHaveCSS('background-color', rgb(GREEN));
  await expect(sample.getByText('Accent button')).toHaveCSS('background-color', rgb(ORANGE));
  await expect(page.getByLabel('Primary colour: colour picker')).toHaveValue(GREEN);
  expect(await axe.serious()).toEqual([]);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toasts(page).getByText('Settings saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Primary colour', exact: true })).toHaveValue(GREEN);

  const { primary } = brandPalette(GREEN, ORANGE);
  for (const path of ['/', '/about', '/services', '/contact', '/blog']) {
    await page.goto(path);
    const contact = page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true });
    expect({ path, contact: await background(contact) }).toEqual({ path, contact: rgb(GREEN) });
    // The footer is drawn in the darkest step of the derived scale.
    expect({ path, footer: await background(page.getByRole('contentinfo')) }).toEqual({ path, footer: rgb(primary[950]) });
  }
  expect(await axe.serious()).toEqual([]);

  await page.goto('/admin/settings');
  expect(await background(page.getByRole('button', { name: 'Save settings' }))).toBe(rgb(GREEN));
  expect(await background(page.getByRole('banner').getByText('Admin', { exact: true }).filter({ visible: true }))).toBe(rgb(ORANGE));
});

test('a colour that text would not read on is refused under its field, and nothing is saved', async ({ page, typedApi }) => {
  await openBrand(page);
  const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });
  await primary.fill('#f0f0f0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page.getByText('Primary colour is too light: white text on it has a contrast of 1.1:1; it needs at least 4.5:1'),
  ).toBeVisible();
  await expect(primary).toHaveAttribute('aria-invalid', 'true');
  await expect(primary).toBeFocused();

  await primary.fill(DEFAULT_PRIMARY);
  await page.getByRole('textbox', { name: 'Accent colour', exact: true }).fill('#1f3358');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page.getByText('Accent colour is too dark: the dark text on its buttons has a contrast of 1.4:1; it needs at least 4.5:1'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Accent colour', exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('textbox', { name: 'Accent colour', exact: true }).fill('gold');
  await expect(page.getByText('Accent colour must be a colour such as #dea838')).toBeVisible();

  const stored = await (await typedApi.adminApi.settings.$get()).json();
  expect(stored).toMatchObject({ brandPrimary: DEFAULT_PRIMARY, brandAccent: DEFAULT_ACCENT });
});

test('a logo and a favicon chosen from Media show in the header, the footer, the admin and the tab', async ({
  page,
  api,
  typedApi,
  settings,
}) => {
  await settings.set({ brandLogo: '', brandFavicon: '' });
  await signInAsOwner(page);
  const bytes = await sharp({ create: { width: 96, height: 96, channels: 4, background: '#f4a261' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], 'harbour-logo.png', { type: 'image/png' }));
  form.append('alt', 'Harbour Coaching logo');
  const uploaded = await typedApi.adminApi.media.$post({}, { init: { body: form } });
  expect(uploaded.status).toBe(201);
  const image = await uploaded.json();
  try {
    await page.goto('/admin/settings');
    await page.getByLabel('Logo', { exact: true }).selectOption({ label: 'Harbour Coaching logo' });
    await page.getByLabel('Favicon', { exact: true }).selectOption({ label: 'Harbour Coaching logo' });
    await expect(page.getByRole('region', { name: 'Brand' }).getByRole('figure').locator('img')).toHaveAttribute('src', image.url);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(toasts(page).getByText('Settings saved', { exact: true })).toBeVisible();

    await page.goto('/');
    const home = page.getByRole('banner').getByRole('link', { name: 'Summit Leadership Coaching home' });
    await expect(home.locator('img')).toHaveAttribute('src', image.url);
    await expect(home.locator('img')).toHaveJSProperty('complete', true);
    expect(await home.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    await expect(page.getByRole('contentinfo').locator(`img[src="${image.url}"]`)).toBeVisible();
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', image.url);

    await page.goto('/admin');
    await expect(page.getByRole('banner').locator(`img[src="${image.url}"]`).filter({ visible: true })).toBeVisible();

    // Back to the generated mark.
    await page.goto('/admin/settings');
    await page.getByLabel('Logo', { exact: true }).selectOption({ label: 'Generated mark' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(toasts(page).getByText('Settings saved', { exact: true })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('banner').locator('img')).toHaveCount(0);
  } finally {
    await settings.set({ brandLogo: '', brandFavicon: '' });
    await api.delete(`/api/admin/media/${image.id}`);
  }
});
