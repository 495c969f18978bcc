// Page views reach a third-party analytics endpoint only when one is configured (docs/decisions.md), so
// this journey starts its own production server with ANALYTICS_* set and a local collector in
// place of the third party.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OwnServer, startOwnServer } from './support/own-server.ts';
import { expect, test } from './support/test.ts';

interface PageView {
  name: string;
  url: string;
  domain: string;
  referrer: string | null;
}

const DOMAIN = 'coach.example';
const views: PageView[] = [];
let collector: Server;
let site: OwnServer;
let siteUrl: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST') views.push(JSON.parse(body) as PageView);
      response.writeHead(202, { 'Access-Control-Allow-Origin': '*' }).end();
    });
  });
  const collectorPort = await new Promise<number>((resolve) =>
    collector.listen(0, '127.0.0.1', () => resolve((collector.address() as AddressInfo).port)),
  );
  site = await startOwnServer({ ANALYTICS_ENDPOINT: `http://127.0.0.1:${collectorPort}/api/event`, ANALYTICS_DOMAIN: DOMAIN });
  siteUrl = site.url;
});

test.afterAll(async () => {
  await site?.stop();
  collector?.close();
});

test('each public page view is reported once to the configured endpoint; admin pages never are', async ({ page }) => {
  await page.goto(`${siteUrl}/`);
  await expect.poll(() => views.map((view) => view.url)).toEqual([`${siteUrl}/`]);
  expect(views[0]).toEqual({ name: 'pageview', url: `${siteUrl}/`, domain: DOMAIN, referrer: null });

  // A client-side navigation is a page view too, with the query string.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(`${siteUrl}/blog`);
  await expect.poll(() => views.map((view) => view.url)).toEqual([`${siteUrl}/`, `${siteUrl}/blog`]);

  await page.goto(`${siteUrl}/admin/login`);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await page.goto(`${siteUrl}/about`);
  await expect.poll(() => views.map((view) => view.url)).toEqual([`${siteUrl}/`, `${siteUrl}/blog`, `${siteUrl}/about`]);
});

test('the content security policy lets the beacon reach the analytics origin only', async ({ request }) => {
  const response = await request.get(`${siteUrl}/`);
  const policy = response.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:\d+;/);
});
