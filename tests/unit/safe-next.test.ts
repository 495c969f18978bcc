import { describe, expect, test } from 'bun:test';
import { loginPathFor, requestedPage, safeNextPath } from '#src/lib/safe-next.ts';

describe('safeNextPath: only same-site paths are followed after signing in', () => {
  test.each(['/admin/posts/12', '/admin/posts/12?tab=preview', '/admin/users/new'])('%s is kept', (next) => {
    expect(safeNextPath(next)).toBe(next);
  });

  // Each as it arrives after URLSearchParams has decoded the query once.
  test.each([
    'https://evil.example',
    'HTTPS://evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    '/%5Cevil.example'.replace('%5C', '\\'),
    '/admin\n//evil.example',
    '/admin\t',
    '\u0000/admin',
    '/admin\u007f',
    'evil.example/admin',
    '',
    null,
    undefined,
  ])('%p goes to /admin', (next) => {
    expect(safeNextPath(next)).toBe('/admin');
  });
});

describe('requestedPage and loginPathFor', () => {
  test('a page load keeps its path and query; the RSC request of a client navigation names its page', () => {
    expect(requestedPage(new URL('http://site/admin/posts/12?tab=preview'))).toBe('/admin/posts/12?tab=preview');
    expect(requestedPage(new URL('http://site/RSC/R/admin/posts/12.txt'))).toBe('/admin/posts/12');
    expect(requestedPage(new URL('http://site/RSC/R/_root.txt'))).toBe('/');
  });

  test('the sign-in address carries the page, encoded; /admin needs none', () => {
    expect(loginPathFor('/admin/posts/12?tab=preview')).toBe('/admin/login?next=%2Fadmin%2Fposts%2F12%3Ftab%3Dpreview');
    expect(loginPathFor('/admin')).toBe('/admin/login');
  });
});
