import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { categories, postSlugRedirects, posts, postTags } from '../../db/schema.ts';
import type { PublicPost } from '../../src/schemas/post.ts';
import { database } from '../db.ts';
import { notFound } from '../errors.ts';
import { publishedTagId, tagsByPost } from './post-tags.ts';

// Public reads: every function here filters on `published` itself, so no caller can reach a
// draft or a not-yet-due post by forgetting to.

export const CATEGORY_NOT_FOUND = 'Category not found';
export const POST_NOT_FOUND = 'Blog post not found';
export const TAG_NOT_FOUND = 'Tag not found';

/** The blog list's filters: a category by slug and a tag by name (each unknown → 404). */
export interface PostFilter {
  categorySlug?: string;
  tagName?: string;
}

/** A post's columns as lists show it (with its category's name); admin reads add the rest. */
export const summaryColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  imageUrl: posts.imageUrl,
  customImage: posts.customImage,
  categoryId: posts.categoryId,
  categoryName: categories.name,
  featured: posts.featured,
  published: posts.published,
  publishedAt: posts.publishedAt,
  createdAt: posts.createdAt,
};

/** A published post as pages read it: the public JSON shape, with its category's name and real dates. */
export type PostSummary = Omit<PublicPost, 'publishedAt' | 'createdAt'> & {
  categoryName: string | null;
  publishedAt: Date | null;
  createdAt: Date;
};

export interface PostDetail extends PostSummary {
  content: string;
}

/**
 * The filter for published posts, in one category when a slug is given and with one tag when a
 * name is given. An unknown category, or a tag no published post carries, is a 404.
 */
async function publishedWhere({ categorySlug, tagName }: PostFilter) {
  const db = await database();
  const conditions = [eq(posts.published, true)];
  if (categorySlug !== undefined) {
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, categorySlug));
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    conditions.push(eq(posts.categoryId, category.id));
  }
  if (tagName !== undefined) {
    const tagId = await publishedTagId(db, tagName);
    if (tagId === null) throw notFound(TAG_NOT_FOUND);
    conditions.push(inArray(posts.id, db.select({ id: postTags.postId }).from(postTags).where(eq(postTags.tagId, tagId))));
  }
  return and(...conditions);
}

export async function countPublishedPosts(filter: PostFilter = {}): Promise<number> {
  const db = await database();
  const [total] = await db
    .select({ n: count() })
    .from(posts)
    .where(await publishedWhere(filter));
  return total?.n ?? 0;
}

/** Published posts, newest first, optionally in one category (by slug) and with one tag (by name); unknown → 404. */
export async function listPublishedPosts(
  options: PostFilter & { limit: number; offset: number },
): Promise<{ posts: PostSummary[]; total: number }> {
  const db = await database();
  const where = await publishedWhere(options);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(posts)
      .leftJoin(categories, eq(categories.id, posts.categoryId))
      .where(where)
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  const tagMap = await tagsByPost(
    db,
    rows.map((row) => row.id),
  );
  return { posts: rows.map((row) => ({ ...row, tags: tagMap.get(row.id) ?? [] })), total: total?.n ?? 0 };
}

/** The published post with this slug, or null (drafts and unknown slugs look the same). */
export async function getPublishedPostBySlug(slug: string): Promise<PostDetail | null> {
  const db = await database();
  const [row] = await db
    .select({ ...summaryColumns, content: posts.content })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(and(eq(posts.slug, slug), eq(posts.published, true)));
  if (!row) return null;
  const tagMap = await tagsByPost(db, [row.id]);
  return { ...row, tags: tagMap.get(row.id) ?? [] };
}

/** The current slug of the published post that was public under `oldSlug`, or null. */
export async function currentSlugOf(oldSlug: string): Promise<string | null> {
  const db = await database();
  const [row] = await db
    .select({ slug: posts.slug })
    .from(postSlugRedirects)
    .innerJoin(posts, eq(posts.id, postSlugRedirects.postId))
    .where(and(eq(postSlugRedirects.slug, oldSlug), eq(posts.published, true)));
  return row?.slug ?? null;
}

/** The newest published post, or null when nothing is published (docs/product.md §4, home). */
export async function getLatestPublishedPost(): Promise<PostSummary | null> {
  const {
    posts: [latest],
  } = await listPublishedPosts({ limit: 1, offset: 0 });
  return latest ?? null;
}

export interface PostLink {
  slug: string;
  updatedAt: Date;
}

/** Every published post's slug and last change, newest first (sitemap). */
export async function listPublishedPostLinks(): Promise<PostLink[]> {
  const db = await database();
  return db
    .select({ slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .where(eq(posts.published, true))
    .orderBy(desc(posts.publishedAt), desc(posts.id));
}
