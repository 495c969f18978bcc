import { desc, eq } from 'drizzle-orm';
import { categories, posts } from '../../db/schema.ts';
import { database } from '../db.ts';

export interface PostSummary {
  slug: string;
  title: string;
  excerpt: string;
  categoryName: string | null;
  publishedAt: Date | null;
  createdAt: Date;
}

/** The newest published post, or null when nothing is published (spec §4, home). */
export async function getLatestPublishedPost(): Promise<PostSummary | null> {
  const db = await database();
  const [post] = await db
    .select({
      slug: posts.slug,
      title: posts.title,
      excerpt: posts.excerpt,
      categoryName: categories.name,
      publishedAt: posts.publishedAt,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(eq(posts.published, true))
    .orderBy(desc(posts.publishedAt))
    .limit(1);
  return post ?? null;
}
