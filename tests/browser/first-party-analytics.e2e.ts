// First-party analytics in a real browser (issue 17): "a real Chromium visit to 5 public pages
// records 5 views and 1 visitor; a bot user agent, an admin page and a DNT request record nothing;
// no Set-Cookie on any public answer and document.cookie is empty". On a server of its own, so that
// no other journey's visits are counted.
import { OWNER } from './support/admin.ts';
import { startOwnServer } from './support/own-server.ts';
import { typedSiteApi } from './support/site-api.ts';
import { expect, type Page, test } from './support/test.ts';

test.setTimeout(120_000);
// Headless Chromium says "HeadlessChrome", which the count leaves out as automation: these
// journeys present themselves as the desktop Chrome a reader would use.
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: DESKTOP_CHROME });

const PUBLIC_PAGES = ['/', '/about', '/services', '/blog', '/contact'];

test('5 public pages seen in Chromium are 5 views by 1 visitor, with no cookie set; bots, admin pages and Do Not Track count nothing', async ({
  page,
  browser,
}) => {
  const server = await startOwnServer({});
  try {
    const setCookies: string[] = [];
    page.on('response', (response) => {
      const cookie = response.headers()['set-cookie'];
      if (cookie) setCookies.push(`${response.url()}: ${cookie}`);
    });
    const beacons = () => page.waitForRequest((request) => request.url().endsWith('/api/analytics/event') && request.method() === 'POST');
    for (const path of PUBLIC_PAGES) {
      const sent = beacons();
      await page.goto(`${server.url}${path}`);
      await sent;
    }
    expect(setCookies).toEqual([]);
    expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual(['', 0, 0]);

    // Not counted: a crawler, and a visitor whose browser says Do Not Track.
    for (const options of [
      { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { userAgent: DESKTOP_CHROME, extraHTTPHeaders: { DNT: '1' } },
    ]) {
      const context = await browser.newContext(options);
      const other = await context.newPage();
      const sent = other.waitForRequest((request) => request.url().endsWith('/api/analytics/event'));
      await other.goto(`${server.url}/blog`);
      expect((await (await sent).response())?.status()).toBe(204);
      await context.close();
    }

    // The coach signs in and opens the admin (whose pages send no beacon) and the report.
    const signedIn = await page.request.post(`${server.url}/api/auth/login`, { data: OWNER, headers: { Origin: server.url } });
    expect(signedIn.status()).toBe(200);
    const { adminApi } = typedSiteApi(page.request, server.url);
    const report = async () => (await adminApi.analytics.$get({ query: { days: '7' } })).json();
    await expect.poll(async () => (await report()).totals, { timeout: 10_000 }).toEqual({ views: 5, visitors: 1 });
    await page.goto(`${server.url}/admin/analytics`);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByTestId('analytics-views')).toHaveText('5');
    await expect(page.getByTestId('analytics-visitors')).toHaveText('1');
    const topPages = page.getByRole('region', { name: 'Top pages' });
    for (const path of PUBLIC_PAGES) await expect(topPages.getByRole('cell', { name: path, exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Page views and visitors per day/ })).toBeVisible();
    await page.getByRole('button', { name: '90 days' }).click();
    await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/^[A-Z][a-z]{2} \d{2}, \d{4} to [A-Z][a-z]{2} \d{2}, \d{4} \(UTC\)$/)).toBeVisible();

    // A second after, still 5 and 1: the admin pages and the refused visits added nothing.
    await page.waitForTimeout(1_000);
    expect((await report()).totals).toEqual({ views: 5, visitors: 1 });
    expect((await report()).pages.map((row) => row.value).sort()).toEqual([...PUBLIC_PAGES].sort());
  } finally {
    await server.stop();
  }
});

test("the post list shows each published post's views", async ({ page }) => {
  const server = await startOwnServer({});
  try {
    const posts = await (await typedSiteApi(page.request, server.url).publicApi['blog-posts'].$get({ query: { limit: '1' } })).json();
    const post = posts.posts[0]!;
    for (let i = 0; i < 2; i++) {
      const sent = page.waitForRequest((request) => request.url().endsWith('/api/analytics/event'));
      await page.goto(`${server.url}/blog/${post.slug}`);
      await sent;
    }
    await signIn(page, server.url);
    await expect(async () => {
      await page.goto(`${server.url}/admin/posts`);
      await expect(page.getByRole('article', { name: post.title }).getByTestId('post-views')).toHaveText('2 views in 30 days', {
        timeout: 1_000,
      });
    }).toPass({ timeout: 10_000 });
  } finally {
    await server.stop();
  }
});

async function signIn(page: Page, url: string) {
  const response = await page.request.post(`${url}/api/auth/login`, { data: OWNER, headers: { Origin: url } });
  expect(response.status()).toBe(200);
}
