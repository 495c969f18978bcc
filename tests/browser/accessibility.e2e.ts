import { signInAsOwner } from './support/admin.ts';
import { expect, test } from './support/test.ts';

// Issue 3: axe on every public page at both widths, with zero serious or critical violations.

// The admin screens the coach uses every week, signed in.
const ADMIN_PAGES = [
  '/admin',
  '/admin/schedule',
  '/admin/booking',
  '/admin/clients',
  '/admin/payments',
  '/admin/analytics',
  '/admin/categories',
  '/admin/testimonials',
  '/admin/media',
  '/admin/settings',
  '/admin/subscribers',
  '/admin/newsletters',
  '/admin/outbox',
  '/admin/privacy',
];

const PAGES = [
  '/',
  '/about',
  '/services',
  '/contact',
  '/blog',
  '/blog?category=leadership',
  '/privacy',
  '/terms',
  '/cookies',
  '/no-such-page',
];

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page, axe }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await axe.serious()).toEqual([]);
      });
    }

    for (const path of ADMIN_PAGES) {
      test(`${path}, signed in, has no serious or critical axe violations`, async ({ page, axe }) => {
        await signInAsOwner(page);
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(await axe.serious()).toEqual([]);
      });
    }

    test('a blog post has no serious or critical axe violations', async ({ page, axe }) => {
      await page.goto('/blog');
      await page.locator('main article h2 a').first().click();
      await expect(page.locator('.prose-post')).toBeVisible();
      expect(await axe.serious({ allRules: true })).toEqual([]);
    });
  });
}
