import { expect, test } from 'bun:test';
import { footerLegalLinks, footerQuickLinks, footerServiceLinks, isCurrentPath, mainNav } from '#src/config/navigation.ts';

test('the header nav is Home, Blog, Services, About (docs/product.md §2)', () => {
  expect(mainNav.map((item) => [item.label, item.href])).toEqual([
    ['Home', '/'],
    ['Blog', '/blog'],
    ['Services', '/services'],
    ['About', '/about'],
  ]);
});

test('the footer carries every listed link', () => {
  expect(footerQuickLinks.map((l) => l.href)).toEqual(['/', '/blog', '/services', '/about', '/contact']);
  expect(footerServiceLinks.map((l) => l.href)).toEqual([
    '/services#coaching',
    '/services#development',
    '/services#team-building',
    '/services#ai-coach',
    '/services#newsletter',
  ]);
  expect(footerLegalLinks.map((l) => l.href)).toEqual(['/privacy', '/terms', '/cookies']);
});

test('Home is current only on /, a section also on its sub-pages', () => {
  expect(isCurrentPath('/', '/')).toBe(true);
  expect(isCurrentPath('/', '/blog')).toBe(false);
  expect(isCurrentPath('/blog', '/blog/some-post')).toBe(true);
  expect(isCurrentPath('/blog', '/blogroll')).toBe(false);
  expect(isCurrentPath('/about', '/services')).toBe(false);
});
