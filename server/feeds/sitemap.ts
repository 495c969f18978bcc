import type { PostLink } from '../services/posts.ts';
import { escapeXml } from './xml.ts';

export const PUBLIC_PAGES = ['/', '/blog', '/services', '/about', '/contact', '/privacy', '/terms', '/cookies'];

/** A sitemap of every public page (and those switched on, such as /book) and published post, posts with their last change. */
export function buildSitemap(origin: string, posts: PostLink[], switchedOn: string[] = []): string {
  const urls = [
    ...[...PUBLIC_PAGES, ...switchedOn].map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`),
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

export function buildRobots(origin: string): string {
  return `User-agent: *
Allow: /
Disallow: /admin
Disallow: /api/
Disallow: /book/manage

Sitemap: ${origin}/sitemap.xml
`;
}
