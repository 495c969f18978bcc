import { expect, test } from 'bun:test';
import { contentSecurityPolicy, withSecurityHeaders } from '#server/security-headers.ts';

const secured = (path: string, init: ResponseInit = {}) =>
  withSecurityHeaders(new Request(`http://localhost${path}`), new Response('body', init));

test('every response carries the baseline headers of ASVS 3.4, docs/security.md', () => {
  const headers = secured('/assets/app.js', { headers: { 'Content-Type': 'text/javascript', 'X-Powered-By': 'x' } }).headers;
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
  expect(headers.get('x-powered-by')).toBeNull();
  const csp = headers.get('content-security-policy')!;
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
    expect(csp).toContain(directive);
  }
});

test('bare text and JSON types get their charset; other types are left alone', () => {
  expect(secured('/', { headers: { 'Content-Type': 'text/html' } }).headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(secured('/x', { headers: { 'Content-Type': 'application/json' } }).headers.get('content-type')).toBe(
    'application/json; charset=utf-8',
  );
  expect(secured('/x', { headers: { 'Content-Type': 'text/html; charset=utf-8' } }).headers.get('content-type')).toBe(
    'text/html; charset=utf-8',
  );
  expect(secured('/x.png', { headers: { 'Content-Type': 'image/png' } }).headers.get('content-type')).toBe('image/png');
});

test("a response's own stricter CSP is kept (uploads, covers)", () => {
  const headers = secured('/api/uploads/x.png', { headers: { 'Content-Security-Policy': "default-src 'none'; sandbox" } }).headers;
  expect(headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
});

test('admin pages, their RSC payloads and private API answers are no-store and noindex; public ones are not', () => {
  for (const path of [
    '/admin',
    '/admin/users',
    '/RSC/R/admin.txt',
    '/RSC/R/admin/users.txt',
    '/api/auth/me',
    '/api/admin/x',
    '/api/test-cases/suites',
  ]) {
    const headers = secured(path).headers;
    expect({ path, cache: headers.get('cache-control'), robots: headers.get('x-robots-tag') }).toEqual({
      path,
      cache: 'no-store',
      robots: 'noindex',
    });
  }
  for (const path of ['/', '/blog', '/administer', '/RSC/R/_root.txt', '/api/blog-posts']) {
    expect({ path, cache: secured(path).headers.get('cache-control') }).toEqual({ path, cache: null });
  }
});

test('the status and body pass through untouched', async () => {
  const response = secured('/nope', { status: 404 });
  expect(response.status).toBe(404);
  expect(await response.text()).toBe('body');
});

test('behind https (SITE_URL) responses carry HSTS', () => {
  const previous = process.env.SITE_URL;
  process.env.SITE_URL = 'https://coach.example';
  try {
    expect(secured('/').headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  } finally {
    if (previous === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = previous;
  }
  expect(secured('/').headers.get('strict-transport-security')).toBeNull();
});

test("scripts: 'self' and, on a page, its render's nonce; never 'unsafe-inline' (issue 33 §5)", () => {
  const csp = secured('/api/health', { headers: { 'Content-Type': 'application/json' } }).headers.get('content-security-policy')!;
  expect(csp).toContain("script-src 'self';");
  expect(csp.match(/script-src[^;]*/)![0]).not.toContain('unsafe');
  const page = contentSecurityPolicy('bm9uY2U=');
  expect(page).toContain("script-src 'self' 'nonce-bm9uY2U=';");
  expect(page.match(/script-src[^;]*/)![0]).not.toContain('unsafe');
});
