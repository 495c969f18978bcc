// Page views reach a third-party analytics endpoint only when one is configured (docs/decisions.md), so
// this journey starts its own production server with ANALYTICS_* set and a local collector in
// place of the third party.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
let site: ChildProcess;
let siteUrl: string;
let dataDir: string;

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

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
  const collectorPort = await listen(collector);
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-analytics-'));
  siteUrl = `http://127.0.0.1:${port}`;
  site = spawn('bun', ['scripts/start.ts'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      DATABASE_URL: '',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'E2e-Owner-Passw0rd!',
      ANALYTICS_ENDPOINT: `http://127.0.0.1:${collectorPort}/api/event`,
      ANALYTICS_DOMAIN: DOMAIN,
    },
  });
  const deadline = Date.now() + 90_000;
  while (
    !(await fetch(`${siteUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || site.exitCode !== null) throw new Error('the analytics test server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  site?.kill('SIGTERM');
  if (site && site.exitCode === null) await new Promise((resolve) => site.once('exit', resolve));
  collector?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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
