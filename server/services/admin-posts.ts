import { and, desc, eq, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, posts, postTags, tags } from '../../db/schema.ts';
import { generatedCoverUrl } from '../../db/seed.ts';
import {
  type AdminPost,
  displayStatus,
  type PostFields,
  type PostPreview,
  type PostTag,
  SLUG_MAX,
  SLUG_MESSAGE,
  slugify,
} from '../../src/schemas/post.ts';
import { contentChanged } from '../cache/content-events.ts';
import { database } from '../db.ts';
import { conflict, isUniqueViolation, notFound } from '../errors.ts';
import { renderPostBody } from '../markdown/render.ts';
import { ValidationError } from '../validation.ts';

// The admin's side of posts: every post, drafts included. Public reads live in posts.ts and
// filter on `published` themselves, so nothing here can leak a draft to a visitor.

export const POST_NOT_FOUND = 'Post not found';
export const CATEGORY_NOT_FOUND = 'Category not found';
export const DUPLICATE_SLUG = 'A post with this slug already exists';

// Room for a "-N" suffix within the 200-character slug limit when the title is long.
const GENERATED_SLUG_MAX = SLUG_MAX - 10;
// Saves that generate the same slug take turns (a transaction-scoped advisory lock on the slug), so
// each sees the others' rows. A retry remains for the rare clash with an explicit slug saved meanwhile.
const SLUG_LOCK_SPACE = 72_410_002;
const SLUG_ATTEMPTS = 3;

const adminColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  content: posts.content,
  imageUrl: posts.imageUrl,
  customImage: posts.customImage,
  categoryId: posts.categoryId,
  categoryName: categories.name,
  featured: posts.featured,
  published: posts.published,
  scheduledFor: posts.scheduledFor,
  autoPublish: posts.autoPublish,
  publishedAt: posts.publishedAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

const selectPosts = (db: Database, where?: SQL, limit?: number) => {
  const query = db
    .select(adminColumns)
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
};

type PostRow = Awaited<ReturnType<typeof selectPosts>>[number];

const toAdminPost = (row: PostRow, postTagList: PostTag[]): AdminPost => ({
  ...row,
  tags: postTagList,
  scheduledFor: row.scheduledFor?.toISOString() ?? null,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  displayStatus: displayStatus(row),
});

/** Posts with their category name and tags, newest created first. */
async function readPosts(db: Database, where?: SQL, limit?: number): Promise<AdminPost[]> {
  const rows = await selectPosts(db, where, limit);
  const byPost = new Map<number, PostTag[]>(rows.map((row) => [row.id, []]));
  if (rows.length > 0) {
    const tagRows = await db
      .select({ postId: postTags.postId, id: tags.id, name: tags.name })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(inArray(postTags.postId, [...byPost.keys()]))
      .orderBy(tags.name);
    for (const { postId, ...tag } of tagRows) byPost.get(postId)?.push(tag);
  }
  return rows.map((row) => toAdminPost(row, byPost.get(row.id) ?? []));
}

async function readPost(db: Database, id: number): Promise<AdminPost> {
  const [post] = await readPosts(db, eq(posts.id, id));
  if (!post) throw notFound(POST_NOT_FOUND);
  return post;
}

/** Every post (or the `limit` newest), drafts and scheduled ones included, newest created first. */
export async function listAdminPosts(limit?: number): Promise<AdminPost[]> {
  return readPosts(await database(), undefined, limit);
}

export async function getAdminPost(id: number): Promise<AdminPost> {
  return readPost(await database(), id);
}

/** Holds the category until commit, so it cannot be deleted between this check and the write. */
async function assertCategoryExists(tx: Database, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).for('key share');
  if (!category) throw new ValidationError(CATEGORY_NOT_FOUND, 'categoryId');
}

const withSuffix = (base: string, n: number) => (n === 1 ? base : `${base}-${n}`);

/** The slug a title makes, cut short enough to leave room for a `-N` suffix ('' when it has no a–z/0–9). */
export const generatedSlugBase = (title: string) => slugify(title).slice(0, GENERATED_SLUG_MAX).replace(/-$/, '');

/**
 * The first of `base`, `base-2`, `base-3`… that no other post uses. Callers saving with the same
 * base take turns on an advisory lock, so two saves cannot pick the same free slug.
 */
export async function firstFreeSlug(tx: Database, base: string, selfId?: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK_SPACE}, hashtext(${base}))`);
  // A slug holds only [a-z0-9-], so it needs no LIKE escaping.
  const similar = or(eq(posts.slug, base), like(posts.slug, `${base}-%`));
  const rows = await tx
    .select({ slug: posts.slug })
    .from(posts)
    .where(selfId === undefined ? similar : and(similar, ne(posts.id, selfId)));
  const taken = new Set(rows.map((row) => row.slug));
  let n = 1;
  while (taken.has(withSuffix(base, n))) n++;
  return withSuffix(base, n);
}

/** The given slug, or the first free one generated from the title. */
async function chooseSlug(tx: Database, fields: PostFields, selfId: number | undefined): Promise<string> {
  if (fields.slug) return fields.slug;
  const base = generatedSlugBase(fields.title);
  if (base === '') throw new ValidationError(SLUG_MESSAGE, 'slug');
  return firstFreeSlug(tx, base, selfId);
}

const editableValues = (fields: PostFields, slug: string) => ({
  slug,
  title: fields.title,
  excerpt: fields.excerpt,
  content: fields.content,
  customImage: fields.customImage,
  // DECISIONS: without a custom image the post shows its generated cover, which follows the slug.
  imageUrl: fields.customImage ? null : generatedCoverUrl(slug),
  categoryId: fields.categoryId,
  featured: fields.featured,
  published: fields.published,
  scheduledFor: fields.scheduledFor,
  autoPublish: fields.autoPublish,
});

/** Creates (selfId undefined) or replaces a post in one transaction, then tells the page caches. */
async function savePost(fields: PostFields, selfId?: number): Promise<AdminPost> {
  const db = await database();
  for (let attempt = 1; ; attempt++) {
    try {
      const post = await db.transaction(async (tx) => {
        if (selfId !== undefined) {
          const [existing] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, selfId)).for('update');
          if (!existing) throw notFound(POST_NOT_FOUND);
        }
        await assertCategoryExists(tx, fields.categoryId);
        const slug = await chooseSlug(tx, fields, selfId);
        const values = editableValues(fields, slug);
        if (selfId === undefined) {
          const [created] = await tx
            .insert(posts)
            .values({ ...values, publishedAt: fields.published ? sql`now()` : null })
            .returning({ id: posts.id });
          return readPost(tx, created!.id);
        }
        await tx
          .update(posts)
          .set({
            ...values,
            // The first publication date stays, however often the post is saved or re-published.
            publishedAt: fields.published ? sql`coalesce(${posts.publishedAt}, now())` : undefined,
            updatedAt: sql`now()`,
          })
          .where(eq(posts.id, selfId));
        return readPost(tx, selfId);
      });
      await contentChanged();
      return post;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (fields.slug || attempt === SLUG_ATTEMPTS) throw conflict(DUPLICATE_SLUG);
    }
  }
}

/** A new post; publishing it dates it now. A taken slug given explicitly is a 409. */
export function createPost(fields: PostFields): Promise<AdminPost> {
  return savePost(fields);
}

/** Replaces every editable field; the slug (given or regenerated) must not belong to another post. */
export function updatePost(id: number, fields: PostFields): Promise<AdminPost> {
  return savePost(fields, id);
}

/**
 * The Publish/Unpublish button (spec §4). Publishing sets publishedAt only the first time;
 * unpublishing keeps that date and hides the post from every public read at once.
 */
export async function setPostPublished(id: number, published: boolean): Promise<AdminPost> {
  const db = await database();
  const [row] = await db
    .update(posts)
    .set({
      published,
      publishedAt: published ? sql`coalesce(${posts.publishedAt}, now())` : undefined,
      // Otherwise a post whose schedule has passed would be published again by the scheduler's next run.
      autoPublish: published ? undefined : false,
      updatedAt: sql`now()`,
    })
    .where(eq(posts.id, id))
    .returning({ id: posts.id });
  if (!row) throw notFound(POST_NOT_FOUND);
  await contentChanged();
  return getAdminPost(id);
}

/** Deletes a post; its tag links go with it (foreign key cascade). */
export async function deletePost(id: number): Promise<void> {
  const db = await database();
  const [row] = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  if (!row) throw notFound(POST_NOT_FOUND);
  await contentChanged();
}

/** The editor preview, through the same renderer as the public post page (SECURITY 1.3.1). */
export async function previewPost(input: { title: string; content: string }): Promise<PostPreview> {
  return { html: await renderPostBody(input.content, input.title) };
}
