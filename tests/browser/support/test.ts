// The journeys' `test`: Playwright's, with `page.goto` waiting until the page has hydrated
// (src/components/layout/hydration-mark.tsx) whenever it loaded one of the site's HTML pages (they
// carry X-Request-Id; a page a test fulfils itself does not). Without it a click or a typed value
// can land before React takes over the page, and be lost. Plus the tools several journeys share:
// `api`, `axe`, `tablist` and `settings` (below).
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator } from '@playwright/test';
import type { SiteSettings } from '#src/schemas/settings.ts';
import { OWNER } from './admin.ts';
import { okJson, type SiteApi, type SiteClients, siteApi, typedSiteApi } from './site-api.ts';

export { expect, type Locator, type Page } from '@playwright/test';

/** What the journeys hold every screen to: WCAG 2.1 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface Axe {
  /**
   * The serious and critical axe violations of the page as it is now, one `id: help (targets)`
   * line each, so a failed `toEqual([])` names them. `allRules` runs every rule axe runs by
   * default instead of only the tags above.
   */
  serious(options?: { allRules?: boolean }): Promise<string[]>;
}

export interface Tablist {
  /** Every tab of the list, in order. */
  tabs: Locator;
  tab(name: string): Locator;
  /** Clicks the tab until it is selected: a click that lands before hydration has no handler yet. */
  select(name: string): Promise<void>;
}

export interface Settings {
  /**
   * Changes site settings as the owner (expecting 200) and answers them as they were just before.
   * After the test every key it changed gets back the value it had before the test's first change:
   * the other journeys read the same site.
   */
  set(changes: Partial<SiteSettings>): Promise<SiteSettings>;
}

interface Fixtures {
  /** The page's request context (its cookies, so its session) with the site's Origin on every call: for requests that must stay raw. */
  api: SiteApi;
  /** The site's typed clients (src/lib/api-client.ts) over the same request context: answers typed by their routes. */
  typedApi: SiteClients;
  /** axe on the test's page. */
  axe: Axe;
  /** The page's tablist with this accessible name. */
  tablist: (name: string) => Tablist;
  /** Site settings changed for one test, through a session of the owner's own. */
  settings: Settings;
}

export const test = base.extend<Fixtures>({
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

  api: async ({ context }, use) => {
    await use(siteApi(context.request));
  },

  typedApi: async ({ context }, use) => {
    await use(typedSiteApi(context.request));
  },

  axe: async ({ page }, use) => {
    await use({
      async serious({ allRules = false } = {}) {
        const builder = new AxeBuilder({ page });
        const { violations } = await (allRules ? builder : builder.withTags(AXE_TAGS)).analyze();
        return violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      },
    });
  },

  tablist: async ({ page }, use) => {
    await use((name) => {
      const list = page.getByRole('tablist', { name });
      const tab = (tabName: string) => list.getByRole('tab', { name: tabName });
      return {
        tabs: list.getByRole('tab'),
        tab,
        async select(tabName) {
          await expect(async () => {
            await tab(tabName).click();
            await expect(tab(tabName)).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
          }).toPass();
        },
      };
    });
  },

  settings: async ({ playwright, baseURL }, use) => {
    let context: APIRequestContext | undefined;
    let owner: SiteApi | undefined;
    const before: Record<string, unknown> = {};
    const signedIn = async () => {
      if (!context || !owner) {
        context = await playwright.request.newContext({ baseURL });
        owner = siteApi(context);
        expect((await owner.post('/api/auth/login', { data: OWNER })).status()).toBe(200);
      }
      return { api: owner, typed: typedSiteApi(context) };
    };
    await use({
      async set(changes) {
        const { api, typed } = await signedIn();
        const current = await okJson(typed.adminApi.settings.$get());
        for (const key of Object.keys(changes)) {
          if (!(key in before)) before[key] = current[key as keyof SiteSettings];
        }
        expect((await api.patch('/api/admin/settings', { data: changes })).status()).toBe(200);
        return current;
      },
    });
    if (owner && Object.keys(before).length > 0) {
      expect((await owner.patch('/api/admin/settings', { data: before })).status()).toBe(200);
    }
    await context?.dispose();
  },
});
