import { and, eq } from 'drizzle-orm';
import { categories, posts } from '../../db/schema.ts';
import { coverKey, coverPng, coverSvg } from '../covers/cover-art.ts';
import { database } from '../db.ts';

export type CoverFormat = 'svg' | 'png';

export interface Cover {
  body: string | Uint8Array;
  contentType: string;
  etag: string;
}

/** The generated cover of a published post (docs/decisions.md: from its title and category), or null. */
export async function getPublishedPostCover(slug: string, format: CoverFormat): Promise<Cover | null> {
  const db = await database();
  const [post] = await db
    .select({ title: posts.title, category: categories.name })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(and(eq(posts.slug, slug), eq(posts.published, true)));
  if (!post) return null;
  const etag = `"${coverKey(post)}-${format}"`;
  return format === 'svg'
    ? { body: coverSvg(post), contentType: 'image/svg+xml; charset=utf-8', etag }
    : { body: coverPng(post), contentType: 'image/png', etag };
}
