import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { categories, postSlugRedirects, posts, postTags, tags } from '#db/schema.ts';
import { keptUntilChange } from '#server/cache/kept-until-change.ts';
import { database, perDatabase } from '#server/db.ts';
import { notFound } from '#server/errors.ts';
import type { PostTag, PublicPost } from '#src/schemas/post.ts';
import { postHtml } from './html.ts';
import { publishedTagId } from './tags.ts';

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
  /** The body as sanitised HTML, rendered when the post was saved (server/services/posts/html.ts). */
  html: string;
}

/** A post's tags by name, read in the same query as the post (one query for a list and its tags). */
const tagsOfPost = sql<
  PostTag[]
>`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}) order by ${tags.name}) from ${postTags} inner join ${tags} on ${tags.id} = ${postTags.tagId} where ${postTags.postId} = ${posts.id}), '[]'::json)`;

/** A category's id by slug, or null; kept until the next content change, like a cached page. */
const keptCategoryId = keptUntilChange(async (slug) => {
  const db = await database();
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  return category?.id ?? null;
});

/** A tag's id by name while a published post carries it, or null; kept the same way. */
const keptTagId = keptUntilChange(async (name) => publishedTagId(await database(), name));

/**
 * The filter for published posts, in one category when a slug is given and with one tag when a
 * name is given. An unknown category, or a tag no published post carries, is a 404. The ids are
 * given to Postgres as values, so it picks the index of the category's newest posts.
 */
async function publishedWhere({ categorySlug, tagName }: PostFilter) {
  const conditions = [eq(posts.published, true)];
  if (categorySlug !== undefined) {
    const categoryId = await keptCategoryId(categorySlug);
    if (categoryId === null) throw notFound(CATEGORY_NOT_FOUND);
    conditions.push(eq(posts.categoryId, categoryId));
  }
  if (tagName !== undefined) {
    const tagId = await keptTagId(tagName);
    if (tagId === null) throw notFound(TAG_NOT_FOUND);
    const db = await database();
    conditions.push(inArray(posts.id, db.select({ id: postTags.postId }).from(postTags).where(eq(postTags.tagId, tagId))));
  }
  return and(...conditions);
}

/**
 * How many published posts a filter holds, counted once per content change rather than on every
 * render (issue 18: no count over every post per request); an unknown category or tag throws its 404.
 */
const keptCount = keptUntilChange(async (key) => {
  const filter = JSON.parse(key) as PostFilter;
  const db = await database();
  const [total] = await db
    .select({ n: count() })
    .from(posts)
    .where(await publishedWhere(filter));
  return total?.n ?? 0;
});

export function countPublishedPosts({ categorySlug, tagName }: PostFilter = {}): Promise<number> {
  return keptCount(JSON.stringify({ categorySlug, tagName }));
}

/** Published posts, newest first, optionally in one category (by slug) and with one tag (by name); unknown → 404. */
export async function listPublishedPosts(
  options: PostFilter & { limit: number; offset: number },
): Promise<{ posts: PostSummary[]; total: number }> {
  // The count first: it settles an unknown category or tag (404) and is usually kept from an earlier render.
  const total = await countPublishedPosts(options);
  const { limit, offset } = options;
  if (options.categorySlug === undefined && options.tagName === undefined) {
    return { posts: await (await publishedPage()).execute({ limit, offset }), total };
  }
  const db = await database();
  const rows = await pageOf(db, await publishedWhere(options))
    .limit(limit)
    .offset(offset);
  return { posts: rows, total };
}

const pageOf = (db: Database, where: SQL | undefined) =>
  db
    .select({ ...summaryColumns, tags: tagsOfPost })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(where)
    .orderBy(desc(posts.publishedAt), desc(posts.id));

// The unfiltered page (/blog, the home page, the API's default) on every miss: prepared.
const publishedPage = perDatabase((db) =>
  pageOf(db, eq(posts.published, true)).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare('published_posts_page'),
);

// One query for a post page: the post, its category's name, its tags and its stored HTML.
const publishedPostBySlug = perDatabase((db) =>
  db
    .select({ ...summaryColumns, content: posts.content, contentHtml: posts.contentHtml, tags: tagsOfPost })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(and(eq(posts.slug, sql.placeholder('slug')), eq(posts.published, true)))
    .prepare('published_post_by_slug'),
);

/** The published post with this slug, or null (drafts and unknown slugs look the same). */
export async function getPublishedPostBySlug(slug: string): Promise<PostDetail | null> {
  const [row] = await (await publishedPostBySlug()).execute({ slug });
  if (!row) return null;
  const { contentHtml, ...post } = row;
  return { ...post, html: await postHtml({ id: row.id, content: row.content, contentHtml }) };
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

/** Published posts' slugs and last changes, newest first: all of them, or a slice (a file of the sitemap index). */
export async function listPublishedPostLinks(slice?: { offset: number; limit: number }): Promise<PostLink[]> {
  const db = await database();
  const query = db
    .select({ slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .where(eq(posts.published, true))
    .orderBy(desc(posts.publishedAt), desc(posts.id));
  return slice ? query.limit(slice.limit).offset(slice.offset) : query;
}

/** The newest published posts with their bodies as HTML (the feed's items). */
export async function listNewestPostsWithHtml(limit: number): Promise<Array<PostSummary & { html: string }>> {
  const db = await database();
  const rows = await db
    .select({ ...summaryColumns, tags: tagsOfPost, content: posts.content, contentHtml: posts.contentHtml })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(eq(posts.published, true))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
  return Promise.all(
    rows.map(async ({ content, contentHtml, ...post }) => ({ ...post, html: await postHtml({ id: post.id, content, contentHtml }) })),
  );
}
