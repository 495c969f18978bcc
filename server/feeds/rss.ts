import type { PostSummary } from '../services/posts/published.ts';
import { escapeXml } from './xml.ts';

export interface FeedSite {
  name: string;
  description: string;
  origin: string;
}

/**
 * RSS 2.0 of the given posts (newest first), each with its whole body as HTML (content:encoded,
 * XML-escaped) so a feed reader shows the post without visiting the site.
 */
export function buildRss(site: FeedSite, posts: Array<PostSummary & { html: string }>): string {
  const items = posts.map((post) => {
    const link = `${site.origin}/blog/${encodeURIComponent(post.slug)}`;
    return `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${escapeXml(link)}</link>
      <guid isPermaLink="true">${escapeXml(link)}</guid>
      <pubDate>${(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>
      <description>${escapeXml(post.excerpt)}</description>
      <content:encoded>${escapeXml(post.html)}</content:encoded>${post.categoryName ? `\n      <category>${escapeXml(post.categoryName)}</category>` : ''}
    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
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
