import { expect, test } from './support/test.ts';

test.describe('shared layout at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('header, nav with the current route, Contact button, and footer', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveCSS('position', 'sticky');
    await expect(header.getByRole('link', { name: /home$/i }).first()).toHaveAttribute('href', '/');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Blog', 'Services', 'About']);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Blog' })).not.toHaveAttribute('aria-current', 'page');
    await expect(header.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();

    const footer = page.getByRole('contentinfo');
    for (const href of ['/', '/blog', '/services', '/about', '/contact', '/privacy', '/terms', '/cookies']) {
      await expect(footer.locator(`a[href="${href}"]`).first()).toBeAttached();
    }
    for (const anchor of ['coaching', 'development', 'team-building', 'ai-coach', 'newsletter']) {
      await expect(footer.locator(`a[href="/services#${anchor}"]`)).toHaveCount(1);
    }
    await expect(footer.getByRole('list', { name: 'Social media' }).getByRole('link')).toHaveCount(4);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
  });

  test('a page load and a client navigation leave the console clean', async ({ page }) => {
    // React 19.2.9's RSC server hinted stylesheets with `as="stylesheet"` (patched in
    // patches/react-server-dom-webpack@19.2.9.patch): Chrome warned on every page and navigation.
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    await page.goto('/');
    await expect(page.locator('link[rel="preload"][as="stylesheet"]')).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leadership Blog');
    await expect(page.locator('link[rel="preload"][as="stylesheet"]')).toHaveCount(0);
    expect(messages).toEqual([]);
  });

  test('the home page shows the newest seeded post, streamed in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transform Your Leadership Journey');
    await expect(page.getByRole('heading', { name: 'Latest Leadership Insights' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Read More\b/ })).toHaveAttribute('href', /^\/blog\/[a-z0-9-]+$/);
  });
});

test.describe('shared layout at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu toggle opens and closes the nav, and choosing a link closes it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    // Below md the Contact button lives in the menu, leaving the header to the brand and the toggle.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Contact' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link')).toHaveText(['Home', 'Blog', 'Services', 'About', 'Contact']);

    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('nothing overflows the viewport horizontally', async ({ page }) => {
    await page.goto('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
