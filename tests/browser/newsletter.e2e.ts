import { expect, type Page, test } from '@playwright/test';
import { signInAsOwner } from './support/admin.ts';
import { waitForEmail } from './support/mail.ts';

const ACCEPTED = 'Thank you! Check your inbox: we have sent you a link to confirm your subscription.';

async function setNewsletter(page: Page, on: boolean) {
  await signInAsOwner(page);
  const response = await page.request.patch('/api/admin/settings', {
    data: { newsletterEnabled: on },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
  await page.context().clearCookies();
}

async function subscribersApi(page: Page) {
  await signInAsOwner(page);
  const response = await page.request.get('/api/admin/subscribers');
  const list = (await response.json()) as Array<{ email: string }>;
  await page.context().clearCookies();
  return list;
}

test.afterEach(async ({ page }) => {
  await setNewsletter(page, false);
});

test('off on first start: the Coming Soon card and no signup anywhere; on: the card leads to the signup', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Weekly Newsletter' }) });
  await expect(card.getByText('Coming Soon')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Newsletter signup' })).toHaveCount(0);

  await setNewsletter(page, true);
  await page.goto('/');
  await expect(card.getByText('Coming Soon')).toHaveCount(0);
  await card.getByRole('link', { name: 'Weekly Newsletter' }).click();
  await expect(page).toHaveURL(/\/services#newsletter$/);
  await expect(page.locator('#newsletter').getByRole('form', { name: 'Newsletter signup' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter signup' })).toBeVisible();
});

test('subscribe on a post → the confirmation email → a plain GET of its link leaves them pending → the button confirms, once', async ({
  page,
}) => {
  await setNewsletter(page, true);
  const email = `reader-${Date.now()}@example.com`;
  await page.goto('/blog');
  await page.getByRole('article').first().getByRole('link').first().click();
  const form = page.getByRole('main').getByRole('form', { name: 'Newsletter signup' });
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('First name (optional)').fill('Rita');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(ACCEPTED);

  const confirmation = await waitForEmail(email, /^Confirm your subscription to /);
  const link = confirmation.text?.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  const path = new URL(link!).pathname + new URL(link!).search;

  // What a mail scanner does: a GET. Nothing changes.
  expect((await page.request.get(path)).status()).toBe(200);
  expect((await subscribersApi(page)).map((row) => row.email)).not.toContain(email);

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('status')).toHaveText('Your subscription is confirmed. Welcome aboard!');
  expect((await subscribersApi(page)).map((row) => row.email)).toContain(email);

  // The same link again says so, and how to get a new one.
  await page.goto(path);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('alert')).toHaveText('This confirmation link is not valid or has expired. Subscribe again to get a new one.');
});
