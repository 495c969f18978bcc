import { expect, test } from '@playwright/test';
import { OWNER } from './support/admin.ts';

test('a signed-out visitor is sent to the login page by the server, with no admin data', async ({ request }) => {
  for (const path of ['/admin', '/admin/users']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe('/admin/login');
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(await response.text()).not.toContain(OWNER.email);
  }
});

test('login: validation messages, a failed sign-in, then success with the welcome toast and the dashboard', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  const password = page.getByLabel('Password', { exact: true });
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await password.fill('Wrong-Passw0rd!');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Login Failed', { exact: true })).toBeVisible();
  await expect(toasts.getByText('Invalid email or password', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel('Email').fill(OWNER.email);
  await password.fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts.getByText('Login Successful', { exact: true })).toBeVisible();
  await expect(toasts.getByText(`Welcome back, ${OWNER.email}!`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome back, ${OWNER.email}`, { exact: true })).toBeVisible();

  // Signed in, the login page sends you on to the admin.
  const again = await page.goto('/admin/login');
  expect(again?.url()).toMatch(/\/admin$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toasts.getByText('Logged Out', { exact: true })).toBeVisible();
  await expect(toasts.getByText('You have been successfully logged out.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  const afterLogout = await page.request.get('/api/auth/me');
  expect(afterLogout.status()).toBe(401);
});

test('security headers are on pages, assets, API answers and 404s alike', async ({ request, page }) => {
  await page.goto('/');
  const asset = await page.evaluate(() => document.querySelector('link[rel="stylesheet"]')?.getAttribute('href'));
  for (const path of ['/', '/blog', String(asset), '/api/health', '/no-such-page', '/favicon.svg']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect({ path, nosniff: headers['x-content-type-options'], frame: headers['x-frame-options'] }).toEqual({
      path,
      nosniff: 'nosniff',
      frame: 'DENY',
    });
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['access-control-allow-origin']).toBeUndefined();
  }
});
