import { and, eq } from 'drizzle-orm';
import { categories, posts } from '#db/schema.ts';
import { coverKey, coverPng, coverSvg } from '#server/covers/cover-art.ts';
import { database } from '#server/db.ts';

export type CoverFormat = 'svg' | 'png';

export interface Cover {
  contentType: string;
  etag: string;
  /** Draws the cover: called only when the body is sent (a 304 draws nothing). */
  render: () => string | Uint8Array;
}

/** How many covers have been drawn in this process (tests check that a 304 draws none). */
export const coverRenders = { count: 0 };

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
  const draw = () => {
    coverRenders.count++;
    return format === 'svg' ? coverSvg(post) : coverPng(post);
  };
  return { contentType: format === 'svg' ? 'image/svg+xml; charset=utf-8' : 'image/png', etag, render: draw };
}
