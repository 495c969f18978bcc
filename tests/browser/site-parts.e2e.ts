// Admin → Pages, the parts of the site beyond its pages (issue 31 §1, §4, §6): the header's links
// and the footer's columns, the not-found page, and a legal page's own text — each edited,
// previewed, saved, and shown to visitors.
import { DEFAULT_PAGES } from '#src/config/pages/index.ts';
import type { PageKey } from '#src/schemas/site-content/pages.ts';
import { signInAsOwner, toasts } from './support/admin.ts';
import { expect, type Page, test } from './support/test.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const preview = (page: Page, name: string) => page.frameLocator(`iframe[title^="Preview of the ${name} page"]`);

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(toasts(page).getByText('Page saved')).toBeVisible();
}

test.afterEach(async ({ typedApi }) => {
  for (const key of ['navigation', 'not-found', 'privacy'] satisfies PageKey[]) {
    const { version } = await (await typedApi.adminApi.pages[':key'].$get({ param: { key } })).json();
    const reset = await typedApi.adminApi.pages[':key'].$put({ param: { key }, json: { content: DEFAULT_PAGES[key], version } });
    expect(reset.status).toBe(200);
  }
});

test('the header links and a footer column are edited, previewed and shown on every page, at both widths; the editor is axe-clean', async ({
  page,
  axe,
}) => {
  await signInAsOwner(page);
  await page.goto('/admin/pages');
  await page.getByRole('link', { name: 'Header and footer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit: Header and footer' })).toBeVisible();
  // Shown everywhere: no browser-tab title of its own.
  await expect(page.getByRole('region', { name: 'Search and browser tab' })).toHaveCount(0);
  expect(await axe.serious()).toEqual([]);

  await section(page, 'Header links').getByRole('group', { name: 'Link 2' }).getByLabel('Label').fill('Articles');
  const legal = section(page, 'Footer columns').getByRole('listitem').filter({ hasText: 'Column 3' });
  await legal.getByLabel('Column title').fill('The Small Print');
  await expect(
    preview(page, 'Header and footer').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Articles' }),
  ).toBeVisible();
  await expect(preview(page, 'Header and footer').getByRole('heading', { level: 2, name: 'The Small Print' })).toBeVisible();
  await save(page);

  for (const path of ['/services', '/blog', '/privacy']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Home', 'Articles', 'Services', 'About']);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Articles' })).toHaveAttribute('href', '/blog');
    await expect(page.getByRole('contentinfo').getByRole('heading', { level: 2, name: 'The Small Print' })).toBeVisible();
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Articles' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('the not-found page says the coach’s words at any unknown address, with a 404', async ({ page }) => {
  await signInAsOwner(page);
  await page.goto('/admin/pages/not-found');
  const message = section(page, 'Not-found message');
  await message.getByLabel('Title', { exact: true }).fill('This page has moved on');
  await message.getByLabel('Text', { exact: true }).fill('Try the blog, or write to me.');
  await expect(preview(page, 'Not-found page').getByRole('heading', { level: 1, name: 'This page has moved on' })).toBeVisible();
  await save(page);

  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page has moved on');
  await expect(page.getByText('Try the blog, or write to me.')).toBeVisible();
  await expect(page).toHaveTitle('This page has moved on');
  // Booking is off on a fresh site: its address is an unknown one too.
  await page.goto('/book');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page has moved on');
});

test('a legal page takes the coach’s own text, starting from the written one, and gives it back', async ({ page }) => {
  await signInAsOwner(page);
  await page.goto('/admin/pages/privacy');
  const text = section(page, 'Policy text');
  await expect(text.getByLabel('Heading')).toHaveCount(0);
  await text.getByRole('switch', { name: 'Use my own text' }).check();
  // Starts from the text written for this site.
  const first = text.getByRole('listitem').filter({ hasText: 'Part 1' }).first();
  await expect(first.getByLabel('Heading')).toHaveValue('Who we are');
  await first.getByLabel('Heading').fill('About my practice');
  await expect(preview(page, 'Privacy Policy').getByRole('heading', { level: 2, name: '1. About my practice' })).toBeVisible();
  await save(page);

  await page.goto('/privacy');
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 2 }).first()).toHaveText('1.About my practice');
  await expect(page.getByRole('navigation', { name: 'On this page' }).last().getByRole('link').first()).toHaveAttribute(
    'href',
    '#about-my-practice',
  );
  await expect(page.locator('time').first()).toHaveAttribute('datetime', new Date().toISOString().slice(0, 10));

  await page.goto('/admin/pages/privacy');
  await section(page, 'Policy text').getByRole('switch', { name: 'Use my own text' }).uncheck();
  await save(page);
  await page.goto('/privacy');
  await expect(page.getByRole('article').getByRole('heading', { level: 2 }).first()).toHaveText('1.Who we are');
});
