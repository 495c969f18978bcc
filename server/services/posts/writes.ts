import { and, eq, like, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { categories, postSlugRedirects, posts } from '#db/schema.ts';
import { contentChanged } from '#server/cache/content-events.ts';
import { database } from '#server/db.ts';
import { conflict, isUniqueViolation, notFound } from '#server/errors.ts';
import { ValidationError } from '#server/validation.ts';
import {
  type AdminPost,
  generatedCoverUrl,
  type PostFields,
  SLUG_MAX,
  SLUG_MESSAGE,
  STALE_VERSION_MESSAGE,
  slugify,
  TITLE_CONTENT_REQUIRED,
} from '#src/schemas/post.ts';
import { RESCHEDULE_PUBLISHED } from '#src/schemas/schedule.ts';
import { recordAudit } from '../audit.ts';
import { POST_NOT_FOUND, readAdminPost } from './admin-post.ts';
import { storedHtmlOf } from './html.ts';
import { getRevision, recordRevision } from './revisions.ts';
import { attachTags, replaceTags } from './tags.ts';

// Every write to the posts table goes through this module: the admin API, draft generation, the
// seed and the scheduler. It owns the rules of a post: its slug, its cover, its tags, when it is
// published, and telling every instance's page cache that public content changed.

export const CATEGORY_NOT_FOUND = 'Category not found';
export const DUPLICATE_SLUG = 'A post with this slug already exists';

// Room for a "-N" suffix within the 200-character slug limit when the title is long.
const GENERATED_SLUG_MAX = SLUG_MAX - 10;
// Saves that generate the same slug take turns (a transaction-scoped advisory lock on the slug), so
// each sees the others' rows. A retry remains for the rare clash with an explicit slug saved meanwhile.
const SLUG_LOCK_SPACE = 72_410_002;
const SLUG_ATTEMPTS = 3;

/** A post to create. Dates default to now; `slug: null` generates one from the title. */
export interface NewPost {
  slug: string | null;
  title: string;
  excerpt: string;
  content: string;
  customImage?: string | null;
  categoryId: number | null;
  featured?: boolean;
  published: boolean;
  publishedAt?: Date | null;
  createdAt?: Date;
  scheduledFor?: Date | null;
  autoPublish?: boolean;
  tags?: string[];
}

const withSuffix = (base: string, n: number) => (n === 1 ? base : `${base}-${n}`);

/** The slug a title makes, cut short enough to leave room for a `-N` suffix ('' when it has no a–z/0–9). */
export const generatedSlugBase = (title: string) => slugify(title).slice(0, GENERATED_SLUG_MAX).replace(/-$/, '');

/**
 * The first of `base`, `base-2`, `base-3`… that no other post uses. Callers saving with the same
 * base take turns on an advisory lock, so two saves cannot pick the same free slug.
 */
async function firstFreeSlug(tx: Database, base: string, selfId?: number): Promise<string> {
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

/** The given slug, or the first free one generated from the title (`fallback` when it yields none). */
async function chooseSlug(tx: Database, post: Pick<NewPost, 'slug' | 'title'>, selfId?: number, fallback?: string): Promise<string> {
  if (post.slug) return post.slug;
  const base = generatedSlugBase(post.title) || fallback;
  if (!base) throw new ValidationError(SLUG_MESSAGE, 'slug');
  return firstFreeSlug(tx, base, selfId);
}

/** A slug a post takes is its own address, no longer a redirect to another post (or to itself). */
async function releaseOldAddress(tx: Database, slug: string): Promise<void> {
  await tx.delete(postSlugRedirects).where(eq(postSlugRedirects.slug, slug));
}

/** Without a custom image the post shows its generated cover, which follows the slug. */
const coverOf = (slug: string, customImage: string | null | undefined) => (customImage ? null : generatedCoverUrl(slug));

/** Holds the category until commit, so it cannot be deleted between this check and the write. */
async function assertCategoryExists(tx: Database, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).for('key share');
  if (!category) throw new ValidationError(CATEGORY_NOT_FOUND, 'categoryId');
}

/**
 * Creates a post inside the caller's transaction (run it through writePosts) and returns its id.
 * `slugFallback` names a draft whose title has no a–z/0–9 (only CJK, say).
 */
export async function insertPost(tx: Database, post: NewPost, slugFallback?: string): Promise<number> {
  await assertCategoryExists(tx, post.categoryId);
  const slug = await chooseSlug(tx, post, undefined, slugFallback);
  await releaseOldAddress(tx, slug);
  const [created] = await tx
    .insert(posts)
    .values({
      slug,
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      contentHtml: await storedHtmlOf(post.content, tx),
      customImage: post.customImage ?? null,
      imageUrl: coverOf(slug, post.customImage),
      categoryId: post.categoryId,
      featured: post.featured ?? false,
      published: post.published,
      publishedAt: post.publishedAt ?? (post.published ? sql`now()` : null),
      createdAt: post.createdAt,
      updatedAt: post.createdAt,
      scheduledFor: post.scheduledFor ?? null,
      autoPublish: post.autoPublish ?? false,
    })
    .returning({ id: posts.id });
  await attachTags(tx, created!.id, post.tags ?? []);
  await recordRevision(tx, created!.id, 'save', 1, post);
  return created!.id;
}

/** Published posts with their own slugs, in batches (the benchmark seed's thousands of posts). */
export async function insertPublishedPosts(db: Database, rows: Array<Omit<NewPost, 'slug'> & { slug: string; publishedAt: Date }>) {
  const values = [];
  for (const { tags: _, ...post } of rows)
    values.push({
      ...post,
      contentHtml: await storedHtmlOf(post.content, db),
      imageUrl: coverOf(post.slug, post.customImage),
      updatedAt: post.createdAt,
    });
  for (let start = 0; start < values.length; start += 500) await db.insert(posts).values(values.slice(start, start + 500));
  await contentChanged();
}

/**
 * Runs post writes in one transaction, retried when a generated slug clashed with one saved at the
 * same moment (`retrySlugClash`), then tells every instance's page cache. The work adds to
 * `touched` the slugs (old and new) of the posts it wrote, so that only their own pages and the
 * pages listing posts are cleared; when it names none, every page is.
 */
export async function writePosts<T>(work: (tx: Database, touched: Set<string>) => Promise<T>, { retrySlugClash = true } = {}): Promise<T> {
  const db = await database();
  for (let attempt = 1; ; attempt++) {
    try {
      const touched = new Set<string>();
      const result = await db.transaction((tx) => work(tx, touched));
      await contentChanged(touched.size > 0 ? { posts: [...touched] } : undefined);
      return result;
    } catch (error) {
      if (!retrySlugClash || !isUniqueViolation(error) || attempt === SLUG_ATTEMPTS) throw error;
    }
  }
}

/** The admin's save: a taken slug given explicitly (or a clash that outlasts the retries) is a 409. */
async function savePost(work: (tx: Database, touched: Set<string>) => Promise<number>, fields: PostFields): Promise<AdminPost> {
  try {
    return await writePosts(
      async (tx, touched) => {
        const post = await readAdminPost(tx, await work(tx, touched));
        touched.add(post.slug);
        return post;
      },
      { retrySlugClash: !fields.slug },
    );
  } catch (error) {
    throw isUniqueViolation(error) ? conflict(DUPLICATE_SLUG) : error;
  }
}

/** The audit log's row for a post going public or private (docs/security.md "Audit log"). */
const auditPublication = (tx: Database, id: number, title: string, published: boolean, details: Record<string, unknown> = {}) =>
  recordAudit(tx, {
    action: published ? 'post.published' : 'post.unpublished',
    target: { type: 'post', id },
    details: { title, ...details },
  });

/** A new post; publishing it dates it now. */
export function createPost(fields: PostFields): Promise<AdminPost> {
  return savePost(async (tx) => {
    const id = await insertPost(tx, { ...fields, slug: fields.slug ?? null });
    if (fields.published) await auditPublication(tx, id, fields.title, true);
    return id;
  }, fields);
}

/**
 * Replaces every editable field; the slug (given or regenerated) must not belong to another post.
 * A save based on an older version than the stored one is a 409, so nobody overwrites a change
 * they have not seen. Each save keeps a revision (`kind` 'restore' when it brings an old one back).
 */
export function updatePost(id: number, fields: PostFields, kind: 'save' | 'restore' = 'save'): Promise<AdminPost> {
  return savePost(async (tx, touched) => {
    const [existing] = await tx
      .select({ slug: posts.slug, published: posts.published, publishedAt: posts.publishedAt, version: posts.version })
      .from(posts)
      .where(eq(posts.id, id))
      .for('update');
    if (!existing) throw notFound(POST_NOT_FOUND);
    if (fields.version !== undefined && fields.version !== existing.version) throw conflict(STALE_VERSION_MESSAGE);
    touched.add(existing.slug);
    if (existing.published !== fields.published) await auditPublication(tx, id, fields.title, fields.published);
    await assertCategoryExists(tx, fields.categoryId);
    const slug = await chooseSlug(tx, { slug: fields.slug ?? null, title: fields.title }, id);
    if (slug !== existing.slug) {
      await releaseOldAddress(tx, slug);
      // Links to a post that has been public keep working: its old address redirects to the new one.
      if (existing.publishedAt) {
        await tx
          .insert(postSlugRedirects)
          .values({ slug: existing.slug, postId: id })
          .onConflictDoUpdate({ target: postSlugRedirects.slug, set: { postId: id } });
      }
    }
    await tx
      .update(posts)
      .set({
        slug,
        title: fields.title,
        excerpt: fields.excerpt,
        content: fields.content,
        contentHtml: await storedHtmlOf(fields.content, tx),
        customImage: fields.customImage,
        imageUrl: coverOf(slug, fields.customImage),
        categoryId: fields.categoryId,
        featured: fields.featured,
        published: fields.published,
        scheduledFor: fields.scheduledFor,
        autoPublish: fields.autoPublish,
        // The first publication date stays, however often the post is saved or re-published.
        publishedAt: fields.published ? sql`coalesce(${posts.publishedAt}, now())` : undefined,
        updatedAt: sql`now()`,
        version: existing.version + 1,
      })
      .where(eq(posts.id, id));
    if (fields.tags !== undefined) await replaceTags(tx, id, fields.tags);
    await recordRevision(tx, id, kind, existing.version + 1, fields);
    return id;
  }, fields);
}

/**
 * The Publish/Unpublish button. Publishing sets publishedAt only the first time; unpublishing
 * keeps that date and hides the post from every public read at once.
 */
export async function setPostPublished(id: number, published: boolean): Promise<AdminPost> {
  return writePosts(async (tx, touched) => {
    const [before] = await tx.select({ published: posts.published, title: posts.title }).from(posts).where(eq(posts.id, id)).for('update');
    if (before && before.published !== published) await auditPublication(tx, id, before.title, published);
    const [row] = await tx
      .update(posts)
      .set({
        published,
        publishedAt: published ? sql`coalesce(${posts.publishedAt}, now())` : undefined,
        // Otherwise a post whose schedule has passed would be published again by the scheduler's next run.
        autoPublish: published ? undefined : false,
        updatedAt: sql`now()`,
        version: sql`${posts.version} + 1`,
      })
      .where(eq(posts.id, id))
      .returning({ id: posts.id });
    if (!row) throw notFound(POST_NOT_FOUND);
    const post = await readAdminPost(tx, id);
    touched.add(post.slug);
    return post;
  });
}

/** Deletes a post; its tag links go with it (foreign key cascade). */
export async function deletePost(id: number): Promise<void> {
  await writePosts(async (tx, touched) => {
    const [row] = await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id, title: posts.title, slug: posts.slug });
    if (!row) throw notFound(POST_NOT_FOUND);
    touched.add(row.slug);
    await recordAudit(tx, { action: 'post.deleted', target: { type: 'post', id }, details: { title: row.title, slug: row.slug } });
  });
}

/**
 * Publishes, in one UPDATE, every post whose schedule has passed with auto-publish on
 * (publishedAt = scheduledFor), tells the page caches when any went out, and returns how many.
 *
 * Safe from any number of instances at once: when two runs reach the same row, Postgres makes
 * the second wait for the first to commit and then re-checks the WHERE clause against the row
 * as committed, where `published` is already true, so it skips the row. Each post is therefore
 * published by exactly one run, and a repeated run finds nothing to do.
 */
export async function publishDuePosts(): Promise<number> {
  const db = await database();
  const published = await db.transaction(async (tx) => {
    const rows = await tx
      .update(posts)
      .set({ published: true, publishedAt: sql`${posts.scheduledFor}`, updatedAt: sql`now()`, version: sql`${posts.version} + 1` })
      .where(and(eq(posts.published, false), eq(posts.autoPublish, true), lte(posts.scheduledFor, sql`now()`)))
      .returning({ id: posts.id, title: posts.title, slug: posts.slug });
    for (const row of rows) await auditPublication(tx, row.id, row.title, true, { scheduled: true });
    return rows;
  });
  if (published.length > 0) await contentChanged({ posts: published.map((row) => row.slug) });
  return published.length;
}

/**
 * A new publication time from the schedule screen: the post publishes itself then (auto-publish
 * on), or with null it leaves the schedule. A published post keeps its date.
 */
export async function reschedulePost(id: number, scheduledFor: Date | null): Promise<AdminPost> {
  return writePosts(async (tx, touched) => {
    const [post] = await tx.select({ published: posts.published, slug: posts.slug }).from(posts).where(eq(posts.id, id)).for('update');
    if (!post) throw notFound(POST_NOT_FOUND);
    if (post.published) throw conflict(RESCHEDULE_PUBLISHED);
    touched.add(post.slug);
    await tx
      .update(posts)
      .set({ scheduledFor, autoPublish: scheduledFor !== null, updatedAt: sql`now()`, version: sql`${posts.version} + 1` })
      .where(eq(posts.id, id));
    return readAdminPost(tx, id);
  });
}

/**
 * Brings back a revision's title, excerpt and content (the post's other fields stay), as a save
 * of its own: checked against `version` when given, and kept as a new 'restore' revision.
 */
export async function restoreRevision(postId: number, revisionId: number, version: number | undefined): Promise<AdminPost> {
  const revision = await getRevision(postId, revisionId);
  // An autosave may hold a half-written post; a post must keep a title and content.
  if (revision.title.trim() === '' || revision.content.trim() === '') throw new ValidationError(TITLE_CONTENT_REQUIRED, 'revision');
  const db = await database();
  const current = await readAdminPost(db, postId);
  return updatePost(
    postId,
    {
      title: revision.title,
      excerpt: revision.excerpt,
      content: revision.content,
      slug: current.slug,
      categoryId: current.categoryId,
      customImage: current.customImage,
      featured: current.featured,
      published: current.published,
      autoPublish: current.autoPublish,
      scheduledFor: current.scheduledFor ? new Date(current.scheduledFor) : null,
      version: version ?? current.version,
    },
    'restore',
  );
}
