// Issue 31 §2–3: what the coach switches on reaches the pages that sell it. Booking on makes the
// coaching offerings live with the call's button, drops "Services Coming Soon" and the About
// page's badge, and puts the call in the header, the home hero and the Services and Contact
// headers; off brings every one back. The newsletter's switch does the same for its offering.
import { expect, type Page, test } from './support/test.ts';

const CALL = 'Book a Free Intro Call';
const header = (page: Page) => page.getByRole('banner');
const tile = (page: Page, title: string) => page.locator('#features-heading ~ div li').filter({ hasText: title });

async function expectBookingOpen(page: Page) {
  for (const path of ['/', '/about', '/services', '/contact', '/blog']) {
    await page.goto(path);
    await expect(header(page).getByRole('link', { name: CALL })).toHaveAttribute('href', '/book');
  }
  await page.goto('/');
  await expect(page.getByRole('main').locator('section').first().getByRole('link', { name: CALL })).toHaveAttribute('href', '/book');
  await expect(tile(page, 'Executive Coaching').getByRole('link', { name: 'Executive Coaching' })).toHaveAttribute('href', '/book');
  await expect(tile(page, 'Executive Coaching').getByText('Coming Soon', { exact: true })).toHaveCount(0);

  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coaching Services');
  await expect(page.getByText('Services Coming Soon')).toHaveCount(0);
  const coaching = page.locator('#coaching');
  await expect(coaching.getByText('Coming Soon', { exact: true })).toHaveCount(0);
  await expect(coaching.getByText('Want to be among the first clients when coaching opens?')).toHaveCount(0);
  await expect(coaching.getByRole('link', { name: CALL })).toHaveAttribute('href', '/book');
  await expect(page.getByRole('main').getByRole('link', { name: CALL }).first()).toHaveAttribute('href', '/book');

  await page.goto('/about');
  const letsTalk = page.getByRole('region', { name: "Let's Talk" });
  await expect(letsTalk.getByText('Coming Soon', { exact: true })).toHaveCount(0);
  await expect(letsTalk.getByRole('link', { name: CALL })).toHaveAttribute('href', '/book');

  await page.goto('/contact');
  await expect(page.getByRole('main').getByRole('link', { name: CALL })).toHaveAttribute('href', '/book');
}

async function expectBookingClosed(page: Page) {
  for (const path of ['/', '/about', '/services', '/contact', '/blog']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: CALL })).toHaveCount(0);
  }
  await page.goto('/');
  await expect(tile(page, 'Executive Coaching').getByText('Coming Soon', { exact: true })).toBeVisible();
  await expect(tile(page, 'Executive Coaching').getByRole('link')).toHaveCount(0);
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Services Coming Soon');
  await expect(page.locator('#coaching').getByText('Coming Soon', { exact: true })).toBeVisible();
  await expect(page.locator('#coaching').getByText('Want to be among the first clients when coaching opens?')).toBeVisible();
  await page.goto('/about');
  await expect(page.getByRole('region', { name: "Let's Talk" }).getByText('Coming Soon', { exact: true })).toBeVisible();
}

test('booking on: the call everywhere it belongs; off: every Coming Soon back', async ({ page, settings }) => {
  await settings.set({ bookingEnabled: true });
  await expectBookingOpen(page);
  await settings.set({ bookingEnabled: false });
  await expectBookingClosed(page);
});

test('booking on at 375 px: the call is the first thing in the phone menu', async ({ page, settings }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await settings.set({ bookingEnabled: true });
  await page.goto('/services');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link').first()).toHaveText(CALL);
  await menu.getByRole('link', { name: CALL }).click();
  await expect(page).toHaveURL(/\/book$/);
});

test('newsletter on: its offering is live on the home page and holds the signup on Services; off: Coming Soon again', async ({
  page,
  settings,
}) => {
  await settings.set({ newsletterEnabled: true });
  await page.goto('/');
  await expect(tile(page, 'Weekly Newsletter').getByRole('link', { name: 'Weekly Newsletter' })).toHaveAttribute(
    'href',
    '/services#newsletter',
  );
  await expect(tile(page, 'Weekly Newsletter').getByText('Coming Soon', { exact: true })).toHaveCount(0);
  await page.goto('/services');
  await expect(page.locator('#newsletter').getByText('Coming Soon', { exact: true })).toHaveCount(0);
  await expect(page.locator('#newsletter').getByRole('textbox')).not.toHaveCount(0);

  await settings.set({ newsletterEnabled: false });
  await page.goto('/');
  await expect(tile(page, 'Weekly Newsletter').getByText('Coming Soon', { exact: true })).toBeVisible();
  await expect(tile(page, 'Weekly Newsletter').getByRole('link')).toHaveCount(0);
  await page.goto('/services');
  await expect(page.locator('#newsletter').getByText('Coming Soon', { exact: true })).toBeVisible();
  await expect(page.locator('#newsletter').getByRole('textbox')).toHaveCount(0);
});

test("the call's label is the coach's: every call button says it", async ({ page, settings }) => {
  await settings.set({ bookingEnabled: true, callLabel: 'Talk with Jordan' });
  await page.goto('/services');
  await expect(header(page).getByRole('link', { name: 'Talk with Jordan' })).toHaveAttribute('href', '/book');
  await expect(page.locator('#coaching').getByRole('link', { name: 'Talk with Jordan' })).toHaveAttribute('href', '/book');
  await expect(page.getByRole('link', { name: CALL })).toHaveCount(0);
});
