import { signInAsOwner } from './support/admin.ts';
import { expect, type Page, test } from './support/test.ts';

// Issue 33 §5: a strict Content-Security-Policy. Every page's inline scripts (Waku's bootstrap,
// React's, the RSC payload) carry the nonce its policy names, and `script-src` allows nothing else
// inline. First each page is checked against its policy as a report would (every inline script has
// the header's nonce, cached or not); then, enforced, it hydrates with no script blocked, and an
// inline script injected into it does not run.

const PAGES = ['/', '/about', '/services', '/contact', '/blog', '/privacy', '/terms', '/no-such-page'];

/** Script violations the page reports; zod's probe for eval (caught, harmless) is not one of ours. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.blockedURI !== 'eval')
        (window as unknown as { __violations: string[] }).__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test('every inline script of a page carries the nonce its policy names, on a miss and on a cache hit', async ({ request }) => {
  for (const path of PAGES) {
    for (const visit of ['first', 'again']) {
      const response = await request.get(path);
      const policy = response.headers()['content-security-policy'] ?? '';
      const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
      expect(scriptSrc, `${path} (${visit})`).not.toContain('unsafe-inline');
      const nonce = scriptSrc.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce, `${path} (${visit})`).toBeDefined();
      const html = await response.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]!);
      expect(inline.length, path).toBeGreaterThan(0);
      for (const attributes of inline) {
        if (/type="application\/ld\+json"/.test(attributes)) continue;
        expect(attributes, `${path} (${visit})`).toContain(`nonce="${nonce}"`);
      }
    }
  }
  // Two renders never share a nonce.
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const response = await request.get(`/blog?page=${i + 1}&q=nonce${i}`);
    nonces.add(response.headers()['content-security-policy']!.match(/'nonce-([^']+)'/)![1]!);
  }
  expect(nonces.size).toBe(3);
});

test('enforced: every page hydrates with no script blocked, the admin too, and an injected inline script does not run', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  for (const path of PAGES) {
    await page.goto(path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await violations(), path).toEqual([]);
  }
  await signInAsOwner(page);
  for (const path of ['/admin', '/admin/posts', '/admin/pages/home', '/admin/booking']) {
    await page.goto(path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await violations(), path).toEqual([]);
  }
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  expect(await violations()).toEqual([expect.stringMatching(/^script-src(-elem)? inline$/)]);
});
