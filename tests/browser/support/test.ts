// The journeys' `test`: Playwright's, with `page.goto` waiting until the page has hydrated
// (src/components/layout/hydration-mark.tsx) whenever it loaded one of the site's HTML pages (they
// carry X-Request-Id; a page a test fulfils itself does not). Without it a click or a typed value
// can land before React takes over the page, and be lost.
import { test as base } from '@playwright/test';

export { expect, type Locator, type Page } from '@playwright/test';

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const headers = response?.headers() ?? {};
      if (headers['content-type']?.startsWith('text/html') && headers['x-request-id'] && response!.status() < 500) {
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
      }
      return response;
    };
    await use(page);
  },
});
