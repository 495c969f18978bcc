import type { PostLink } from '../services/posts/published.ts';
import { escapeXml } from './xml.ts';

export const PUBLIC_PAGES = ['/', '/blog', '/services', '/about', '/contact', '/privacy', '/terms', '/cookies'];

/**
 * URLs per sitemap file: a site with more gets a sitemap index at /sitemap.xml naming
 * /sitemap-1.xml, /sitemap-2.xml, … The protocol allows 50,000; 10,000 keeps a file near 1.3 MB,
 * which the page cache keeps (an entry is at most an eighth of it) and renders in tens of
 * milliseconds — a 50,000-URL file was 6.5 MB, never cached and 140 ms of CPU per request
 * (docs/benchmarks.md, 100,000 posts). Changed only by tests, to reach an index with few posts.
 */
export const sitemapLimits = { urlsPerFile: 10_000 };

/** Which public pages and posts the n-th file of `files` holds (n from 1): pages first, then posts newest first. */
export function sitemapPart(n: number, pages: string[], postCount: number, perFile = sitemapLimits.urlsPerFile) {
  const start = (n - 1) * perFile;
  const end = n * perFile;
  const firstPost = Math.max(start, pages.length) - pages.length;
  return {
    pages: pages.slice(start, end),
    postOffset: firstPost,
    postLimit: Math.max(0, Math.min(end - pages.length, postCount) - firstPost),
  };
}

/** How many files the site's URLs need (1: a plain sitemap at /sitemap.xml). */
export const sitemapFiles = (urls: number, perFile = sitemapLimits.urlsPerFile) => Math.max(1, Math.ceil(urls / perFile));

/** A sitemap of the given public pages (such as /book while it is switched on) and published posts, posts with their last change. */
export function buildSitemap(origin: string, pages: string[], posts: PostLink[]): string {
  const urls = [
    ...pages.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`),
    ...posts.map(
      (post) =>
        `  <url><loc>${escapeXml(`${origin}/blog/${encodeURIComponent(post.slug)}`)}</loc><lastmod>${post.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

/** The sitemap index naming /sitemap-1.xml … /sitemap-{files}.xml. */
export function buildSitemapIndex(origin: string, files: number): string {
  const entries = Array.from({ length: files }, (_, i) => `  <sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join('\n')}
</sitemapindex>
`;
}

export function buildRobots(origin: string): string {
  return `User-agent: *
Allow: /
Disallow: /admin
Disallow: /api/
Disallow: /book/manage

Sitemap: ${origin}/sitemap.xml
`;
}
