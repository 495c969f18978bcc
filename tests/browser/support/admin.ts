import { expect, type Page } from '@playwright/test';
import { siteApi } from './site-api.ts';

/** The owner the production server under test is seeded with (playwright.config.ts). */
export const OWNER = { email: 'owner@example.com', password: 'E2e-Owner-Passw0rd!' };

/** Fills and sends the login form, for the journeys about the form itself. */
export async function fillLoginForm(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs the page's browser context in through the API, the same session cookie the form would
 * get, without typing: for journeys that are not about the login form.
 */
export async function signInAs(page: Page, email: string, password: string) {
  const response = await siteApi(page.request).post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
}

/** Signs in as the owner and opens the dashboard. */
export async function signInAsOwner(page: Page) {
  await signInAs(page, OWNER.email, OWNER.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/**
 * Opens a screen through the admin menu, as a person would at the page's width: the sidebar from
 * 1024 px up, the Menu button's drawer below.
 */
export async function openFromAdminMenu(page: Page, name: string) {
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menuButton.isVisible()) await menuButton.click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true }).click();
}

/** The toasts' live region (Radix's viewport), where every admin notice appears. */
export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
