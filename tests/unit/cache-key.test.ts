import { expect, test } from 'bun:test';
import { cacheKeyOf, rscPagePath } from '#server/cache/cache-key.ts';
import { pageQuery } from '#src/schemas/page-query.ts';

const key = (path: string) => cacheKeyOf(new URL(path, 'http://site.test'));
const rsc = (page: string, query: string) => `/RSC/R${page}.txt?${new URLSearchParams({ query })}`;

test('tracking parameters and junk map to the bare path', () => {
  for (const path of ['/blog?utm_source=x', '/blog?fbclid=abc&gclid=1', '/blog?x=1', '/blog?utm_medium=a&utm_campaign=b&zz=9', '/blog?']) {
    expect(key(path)).toMatchObject({ key: '/blog' });
    expect(key(path).redirect).toBeUndefined();
  }
});

test('declared parameters come in a fixed order, with empty and default values dropped', () => {
  expect(key('/blog?q=lead&page=2&category=growth&utm_source=x').key).toBe('/blog?category=growth&page=2&q=lead');
  expect(key('/blog?tag=a&q=lead&category=growth').key).toBe('/blog?category=growth&tag=a&q=lead');
  expect(key('/blog?page=2&category=growth').key).toBe(key('/blog?category=growth&page=2').key);
  expect(key('/blog?page=1&category=&q=').key).toBe('/blog');
  // The first of repeated values is the one the page reads (URLSearchParams.get).
  expect(key('/blog?page=2&page=3').key).toBe('/blog?page=2');
});

test('pages that read no parameter map every query to the bare path', () => {
  for (const path of ['/', '/about', '/services', '/contact', '/privacy', '/terms', '/cookies', '/book', '/blog/some-post']) {
    expect(key(`${path}?utm_source=x&page=2&q=1`).key).toBe(path);
  }
});

test('a route not listed keeps its query, sorted, without tracking parameters', () => {
  expect(key('/api/blog-posts?offset=6&limit=6&utm_source=x&fbclid=1').key).toBe('/api/blog-posts?limit=6&offset=6');
  expect(key('/no-such-page?b=2&a=1').key).toBe('/no-such-page?a=1&b=2');
});

test('a malformed page number redirects to the canonical URL, keeping the other declared parameters', () => {
  for (const page of ['abc', '0', '-1', '1e9', '01', '1234567', '2.5']) {
    expect(key(`/blog?page=${page}&category=growth&utm_source=x`)).toMatchObject({ redirect: '/blog?category=growth' });
  }
  expect(key('/blog?page=abc').redirect).toBe('/blog');
  expect(key('/blog?page=999999').redirect).toBeUndefined();
});

test('every page number of a list shares one "past the end" entry', () => {
  expect(key('/blog?page=7&category=growth')).toMatchObject({ page: 7, pastEndKey: '/blog?category=growth&page=past-end' });
  expect(key('/blog')).toMatchObject({ page: 1, pastEndKey: '/blog?page=past-end' });
  expect(key('/about').pastEndKey).toBeUndefined();
});

test('RSC payload paths are normalised like their pages', () => {
  expect(rscPagePath('/RSC/R/blog.txt')).toBe('/blog');
  expect(rscPagePath('/RSC/R/_root.txt')).toBe('/');
  expect(rscPagePath('/RSC/R/blog/a-post.txt')).toBe('/blog/a-post');
  expect(rscPagePath('/blog')).toBeUndefined();
  expect(key(rsc('/blog', 'utm_source=x')).key).toBe('/RSC/R/blog.txt');
  expect(key(`${rsc('/blog', 'page=2&q=a&fbclid=1&category=c')}&junk=1`).key).toBe(rsc('/blog', 'category=c&page=2&q=a'));
  expect(key(rsc('/_root', 'x=1')).key).toBe('/RSC/R/_root.txt');
  expect(key(rsc('/blog/a-post', 'page=3')).key).toBe('/RSC/R/blog/a-post.txt');
  expect(key(rsc('/blog', 'page=abc&category=c')).redirect).toBe(rsc('/blog', 'category=c'));
});

test('a page reads only its declared parameters, so every URL of one key renders the same', () => {
  expect([...pageQuery('/blog', 'utm_source=x&q=lead&page=2&sort=new')]).toEqual([
    ['page', '2'],
    ['q', 'lead'],
  ]);
  expect(pageQuery('/unlisted', 'a=1').get('a')).toBe('1');
});
