// `bun scripts/screenshots.ts [base-url] [path ...]`: full-page PNGs at 375 px and 1280 px in
// screenshots/, for looking at pages the way a visitor sees them. With SCREENSHOT_EMAIL and
// SCREENSHOT_PASSWORD set it signs in first, for the admin screens.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ['/'];
mkdirSync('screenshots', { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 768 ? 740 : 800 } });
  if (process.env.SCREENSHOT_EMAIL && process.env.SCREENSHOT_PASSWORD) {
    await page.goto(new URL('/admin/login', base).toString());
    await page.getByLabel('Email').fill(process.env.SCREENSHOT_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(process.env.SCREENSHOT_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
  }
  for (const target of targets) {
    await page.goto(new URL(target, base).toString(), { waitUntil: 'networkidle' });
    const name = target.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    console.log(`screenshots/${name}-${width}.png`);
  }
  await page.close();
}
await browser.close();
