import { signInAs, signInAsOwner } from './support/admin.ts';
import { waitForEmail } from './support/mail.ts';
import { siteApi } from './support/site-api.ts';
import { expect, test } from './support/test.ts';

const REQUESTED = 'If an account exists for that address, we have sent it a link to choose a new password. The link works for 30 minutes.';

/** A fresh admin made by the owner, signed in in a second browser (a session the reset must end). */
async function adminWithSession(browser: import('@playwright/test').Browser, page: import('@playwright/test').Page) {
  await signInAsOwner(page);
  const email = `coach-${Date.now()}@example.com`;
  const password = 'First-Passw0rd!';
  const created = await siteApi(page.request).post('/api/auth/admin/users', { data: { email, password, role: 'admin' } });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, email, password);
  return { email, password, otherPage };
}

test('forgot password → the email arrives → its link → a new password: signed in, old sessions ended, the link spent', async ({
  browser,
  page,
}) => {
  const { email, password, otherPage } = await adminWithSession(browser, page);
  expect((await otherPage.goto('/admin'))?.status()).toBe(200);

  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(REQUESTED);

  const message = await waitForEmail(email, /^Reset your .+ password$/);
  expect(message.from?.value[0]?.address).toBe('hello@coach.example');
  const link = message.text?.match(/https?:\/\/\S+\/admin\/reset-password\?token=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  const resetPath = new URL(link!).pathname + new URL(link!).search;

  await page.goto(resetPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('weakpassword');
  await page.getByLabel('Confirm new password', { exact: true }).fill('weakpassword');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  // ASVS 6.2.4: the common-password list is the server's; its answer shows under the field, and the link stays unspent.
  await page.getByLabel('New password', { exact: true }).fill('Gadget1!');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Gadget1!');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
    'This password is too common. Please choose another.',
  );
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
  await page.getByLabel('New password', { exact: true }).fill('Second-Passw0rd!');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Second-Passw0rd!');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // The other browser's session ended with the reset; the old password no longer signs in.
  await otherPage.goto('/admin');
  await expect(otherPage).toHaveURL(/\/admin\/login/);
  const oldLogin = await siteApi(otherPage.request).post('/api/auth/login', { data: { email, password } });
  expect(oldLogin.status()).toBe(401);

  // The same link again: refused, with a way to ask for a new one.
  await page.context().clearCookies();
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('Third-Passw0rd!!');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Third-Passw0rd!!');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This reset link has already been used. Ask for a new one.');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await otherPage.context().close();
});

test('an unknown address gets the same answer, and a link without a token says so at once', async ({ page }) => {
  await page.goto('/admin/forgot-password');
  await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(REQUESTED);

  await page.goto('/admin/reset-password');
  await expect(page.getByRole('alert')).toHaveText('This reset link is not valid. Ask for a new one.');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});
