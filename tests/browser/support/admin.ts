import { expect, type Page } from '@playwright/test';

/** The owner the production server under test is seeded with (playwright.config.ts). */
export const OWNER = { email: 'owner@example.com', password: 'E2e-Owner-Passw0rd!' };

/** Fills and sends the login form; Sign In is enabled only once the page is interactive. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signInAsOwner(page: Page) {
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}
