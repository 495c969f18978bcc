import { expect, test } from 'bun:test';
import { NAVIGATION_PAGE } from '#src/config/pages/navigation.ts';
import { isCurrentPath } from '#src/lib/current-path.ts';
import { sectionOf } from '#src/schemas/site-content/pages.ts';

const header = sectionOf(NAVIGATION_PAGE, 'headerLinks')!;
const footer = sectionOf(NAVIGATION_PAGE, 'footerColumns')!;

test('a fresh header is Home, Blog, Services, About, then Contact (docs/product.md §2)', () => {
  expect(header.links.map((item) => [item.label, item.link])).toEqual([
    ['Home', '/'],
    ['Blog', '/blog'],
    ['Services', '/services'],
    ['About', '/about'],
  ]);
  expect(header.action).toEqual({ label: 'Contact', link: '/contact' });
});

test('a fresh footer carries every listed link in its three columns', () => {
  expect(footer.columns.map((column) => column.title)).toEqual(['Quick Links', 'Services', 'Legal']);
  const [quick, services, legal] = footer.columns.map((column) => column.links.map((link) => link.link));
  expect(quick).toEqual(['/', '/blog', '/services', '/about', '/contact']);
  expect(services).toEqual([
    '/services#coaching',
    '/services#development',
    '/services#team-building',
    '/services#ai-coach',
    '/services#newsletter',
  ]);
  expect(legal).toEqual(['/privacy', '/terms', '/cookies']);
});

test('Home is current only on /, a section also on its sub-pages', () => {
  expect(isCurrentPath('/', '/')).toBe(true);
  expect(isCurrentPath('/', '/blog')).toBe(false);
  expect(isCurrentPath('/blog', '/blog/some-post')).toBe(true);
  expect(isCurrentPath('/blog', '/blogroll')).toBe(false);
  expect(isCurrentPath('/about', '/services')).toBe(false);
});
