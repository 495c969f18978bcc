// Figures from a real browser, for scripts/bench.ts: the JavaScript a page loads, and Lighthouse's
// scores (mobile), both with the Chromium at CHROMIUM_PATH (default /usr/bin/chromium).
import path from 'node:path';
import { chromium } from 'playwright-core';
import { run } from './bench-server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Bytes of JavaScript a page loads, gzip-compressed as a server would send them. */
export async function javascriptBytes(base: string, routes: string[]): Promise<Map<string, number>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const sizes = new Map<string, number>();
  for (const route of routes) {
    const page = await browser.newPage();
    const bodies: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        bodies.push(
          response
            .body()
            .then((body) => Bun.gzipSync(new Uint8Array(body)).byteLength)
            .catch(() => 0),
        );
      }
    });
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    sizes.set(
      route,
      (await Promise.all(bodies)).reduce((sum, n) => sum + n, 0),
    );
    await page.close();
  }
  await browser.close();
  return sizes;
}

/** Lighthouse's category scores (0 to 100) for a page. */
export async function lighthouse(url: string): Promise<Record<string, number>> {
  const cli = path.resolve('node_modules/lighthouse/cli/index.js');
  const out = await run(
    [
      'node',
      cli,
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ],
    { CHROME_PATH: CHROMIUM },
  );
  const report = JSON.parse(out) as { categories: Record<string, { score: number | null }> };
  return Object.fromEntries(Object.entries(report.categories).map(([key, value]) => [key, Math.round((value.score ?? 0) * 100)]));
}
