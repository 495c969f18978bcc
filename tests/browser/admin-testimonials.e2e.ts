import { OWNER, signInAs, signInAsOwner, toasts } from './support/admin.ts';
import { okJson } from './support/site-api.ts';
import { liftWithKeyboard } from './support/sortable.ts';
import { expect, type Page, test } from './support/test.ts';

// Issue 19 point 6: /admin/testimonials against the seeded owner. The seed's three testimonials
// show on the home page (tests/browser/public-site.e2e.ts counts them), so whatever a test here
// adds or reorders is put back afterwards.
const API = '/api/admin/testimonials';

let original: number[] = [];

/** The names on the home page's testimonial cards, in order. */
async function homeNames(page: Page): Promise<string[]> {
  await page.goto('/');
  const cards = page.locator('section[aria-labelledby="testimonials-heading"] figure figcaption > span:last-child > span:first-child');
  await expect(cards.first()).toBeVisible();
  return cards.allInnerTexts();
}

async function openScreen(page: Page) {
  await page.goto('/admin/testimonials');
  await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible();
  // The cards answer to keys only once the client component has hydrated.
  await page.waitForLoadState('networkidle');
}

const cardNames = (page: Page) => page.getByTestId('admin-testimonial').locator('h3');

test.beforeEach(async ({ page, typedApi }) => {
  await signInAs(page, OWNER.email, OWNER.password);
  original = (await okJson(typedApi.adminApi.testimonials.$get())).map((testimonial) => testimonial.id);
});

test.afterEach(async ({ api, typedApi }) => {
  // Back to the seeded list in its order.
  for (const testimonial of await okJson(typedApi.adminApi.testimonials.$get())) {
    if (!original.includes(testimonial.id)) await api.delete(`${API}/${testimonial.id}`);
  }
  const response = await api.post(`${API}/reorder`, { data: { order: original } });
  expect(response.status()).toBe(200);
});

test('a testimonial added with consent appears on the home page; hidden, it is gone; deleted, it leaves the list', async ({ page }) => {
  const name = `Ada Lovelace ${Date.now()}`;
  await signInAsOwner(page);
  await page.getByRole('link', { name: 'Testimonials', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.getByRole('button', { name: 'New Testimonial' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Testimonial' });
  await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(dialog.getByText('Testimonial text is required')).toBeVisible();
  await expect(dialog.getByText('Client name is required')).toBeVisible();
  await expect(dialog.getByLabel('Testimonial')).toBeFocused();

  await dialog.getByLabel('Testimonial').fill('She helped me lead with calm and courage.');
  await dialog.getByLabel('Client name').fill(name);
  await dialog.getByLabel('Client role').fill('CTO, Analytical Engines');
  // A method without its date is refused before anything is sent.
  await dialog.getByLabel('How it was given').selectOption({ label: 'By email' });
  await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(dialog.getByText('Consent date is required when a method is given')).toBeVisible();
  await dialog.getByLabel('Date given').fill('2026-03-03');
  await dialog.getByLabel('Note').fill('Reply to my email of 3 March 2026');
  await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText('Testimonial added', { exact: true })).toBeVisible();

  const card = page.getByTestId('admin-testimonial').filter({ hasText: name });
  await expect(card).toContainText('On the home page');
  await expect(card).toContainText('Consent: By email, Mar 03, 2026 · Reply to my email of 3 March 2026');
  expect(await homeNames(page)).toContain(name);

  await openScreen(page);
  await page.getByRole('button', { name: `Hide ${name}` }).click();
  await expect(toasts(page).getByText('Testimonial hidden', { exact: true })).toBeVisible();
  await expect(page.getByTestId('admin-testimonial').filter({ hasText: name })).toContainText('Hidden');
  expect(await homeNames(page)).not.toContain(name);

  await openScreen(page);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Testimonial' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toasts(page).getByText('Testimonial deleted', { exact: true })).toBeVisible();
  await expect(page.getByTestId('admin-testimonial').filter({ hasText: name })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible();
  await expect(page.getByTestId('admin-testimonial').filter({ hasText: name })).toHaveCount(0);
});

test('without consent a testimonial is saved but not shown on the home page', async ({ page }) => {
  const name = `Pending Client ${Date.now()}`;
  await openScreen(page);
  await page.getByRole('button', { name: 'New Testimonial' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Testimonial' });
  await dialog.getByLabel('Testimonial').fill('Words waiting for a yes.');
  await dialog.getByLabel('Client name').fill(name);
  await dialog.getByLabel('Client role').fill('Director');
  await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('admin-testimonial').filter({ hasText: name })).toContainText('Not shown: no consent');
  expect(await homeNames(page)).not.toContain(name);
});

test('the keyboard moves the first testimonial down one place, and the home page follows', async ({ page }) => {
  const before = await homeNames(page);
  expect(before.length).toBeGreaterThanOrEqual(2);
  const [first, second] = before as [string, string];

  await openScreen(page);
  const handle = page.getByRole('button', { name: `Reorder ${first}`, exact: true });
  await liftWithKeyboard(page, handle);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: `${first} was moved into position 2 of` })).toBeAttached();
  await page.keyboard.press('Space');
  await expect(toasts(page).getByText('Testimonials reordered', { exact: true })).toBeVisible();
  await expect(cardNames(page).nth(0)).toHaveText(second);
  await expect(cardNames(page).nth(1)).toHaveText(first);

  expect((await homeNames(page)).slice(0, 2)).toEqual([second, first]);
});
