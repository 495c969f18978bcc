import type { PostSummary } from '../services/posts.ts';
import { escapeXml } from './xml.ts';

export interface FeedSite {
  name: string;
  description: string;
  origin: string;
}

/** RSS 2.0 of the given posts (newest first). */
export function buildRss(site: FeedSite, posts: PostSummary[]): string {
  const items = posts.map((post) => {
    const link = `${site.origin}/blog/${encodeURIComponent(post.slug)}`;
    return `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${escapeXml(link)}</link>
      <guid isPermaLink="true">${escapeXml(link)}</guid>
      <pubDate>${(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>
      <description>${escapeXml(post.excerpt)}</description>${post.categoryName ? `\n      <category>${escapeXml(post.categoryName)}</category>` : ''}
    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(site.name)}</title>
    <link>${escapeXml(`${site.origin}/blog`)}</link>
    <description>${escapeXml(site.description)}</description>
    <language>en</language>
    <atom:link href="${escapeXml(`${site.origin}/rss.xml`)}" rel="self" type="application/rss+xml" />
${items.join('\n')}
  </channel>
</rss>
`;
}
