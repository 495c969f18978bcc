import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { backlogTopics, categories, categorySlugRedirects, posts } from '#db/schema.ts';
import {
  type AdminCategory,
  CATEGORY_NOT_FOUND,
  type CategoryChange,
  type CategorySummary,
  categorySlugOf,
  type NewCategory,
} from '#src/schemas/category.ts';
import { contentChanged } from '../cache/content-events.ts';
import { database } from '../db.ts';
import { conflict, HttpError, isUniqueViolation, notFound } from '../errors.ts';
import { ValidationError } from '../validation.ts';

export async function listCategories(): Promise<CategorySummary[]> {
  const db = await database();
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.name));
}

/** The current slug of a category that once had `oldSlug`, or null. */
export async function currentCategorySlugOf(oldSlug: string): Promise<string | null> {
  const db = await database();
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categorySlugRedirects)
    .innerJoin(categories, eq(categories.id, categorySlugRedirects.categoryId))
    .where(eq(categorySlugRedirects.slug, oldSlug));
  return row?.slug ?? null;
}

// ---- Admin (/api/admin/categories)

// (Drizzle writes a column inside sql`` without its table, which the subquery would read as its own.)
const postCount = sql<number>`(select count(*)::int from ${posts} p where p.category_id = "categories"."id")`;
const publishedCount = sql<number>`(select count(*)::int from ${posts} p where p.category_id = "categories"."id" and p.published)`;
const topicCount = sql<number>`(select count(*)::int from ${backlogTopics} t where t.category_id = "categories"."id")`;

function adminCategories(db: Database, id?: number): Promise<AdminCategory[]> {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, postCount, publishedCount, topicCount })
    .from(categories)
    .where(id === undefined ? undefined : eq(categories.id, id))
    .orderBy(asc(categories.name));
}

export async function listAdminCategories(): Promise<AdminCategory[]> {
  return adminCategories(await database());
}

async function adminCategory(db: Database, id: number): Promise<AdminCategory> {
  const [category] = await adminCategories(db, id);
  if (!category) throw notFound(CATEGORY_NOT_FOUND);
  return category;
}

const duplicateName = (name: string) => conflict(`A category named "${name}" already exists`);
const duplicateSlug = (slug: string) => conflict(`A category with the slug "${slug}" already exists`);

/** Refuses a name (in any letter case) or a slug that another category has. */
async function assertFree(tx: Database, { name, slug }: { name?: string; slug?: string }, selfId?: number): Promise<void> {
  const others = selfId === undefined ? undefined : ne(categories.id, selfId);
  if (name !== undefined) {
    const [taken] = await tx
      .select({ name: categories.name })
      .from(categories)
      .where(and(sql`lower(${categories.name}) = lower(${name})`, others));
    if (taken) throw duplicateName(taken.name);
  }
  if (slug !== undefined) {
    const [taken] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.slug, slug), others));
    if (taken) throw duplicateSlug(slug);
  }
}

const slugFromName = (name: string) => {
  const slug = categorySlugOf(name);
  if (!slug) throw new ValidationError('Slug is required when the name has no letters or digits', 'slug');
  return slug;
};

/** Two writers of one name or slug at once: the loser is told as if it had looked first. */
async function uniquely<T>(write: () => Promise<T>, wanted: { name?: string; slug?: string }, selfId?: number): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await assertFree(await database(), wanted, selfId);
    throw error;
  }
}

export async function createCategory(input: NewCategory): Promise<AdminCategory> {
  const name = input.name.trim();
  const slug = input.slug?.trim() || slugFromName(name);
  const db = await database();
  const category = await uniquely(
    () =>
      db.transaction(async (tx) => {
        await assertFree(tx, { name, slug });
        // A slug once another category's: this one takes it over, so the old link now opens it.
        await tx.delete(categorySlugRedirects).where(eq(categorySlugRedirects.slug, slug));
        const [row] = await tx.insert(categories).values({ name, slug }).returning({ id: categories.id });
        return adminCategory(tx, row!.id);
      }),
    { name, slug },
  );
  await contentChanged();
  return category;
}

/** A new name or slug; the old slug keeps answering with a 301 to the new one. */
export async function updateCategory(id: number, change: CategoryChange): Promise<AdminCategory> {
  const name = change.name?.trim();
  // What the change asks for, the slug settled once the current name is known (told again on a clash).
  const wanted: { name?: string; slug?: string } = { name };
  const db = await database();
  const category = await uniquely(
    () =>
      db.transaction(async (tx) => {
        const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        if (!current) throw notFound(CATEGORY_NOT_FOUND);
        // An emptied slug is made from the name, the new one or else the current one.
        const slug = change.slug === undefined ? undefined : change.slug.trim() || slugFromName(name ?? current.name);
        wanted.slug = slug;
        await assertFree(tx, { name, slug }, id);
        if (slug !== undefined && slug !== current.slug) {
          await tx.delete(categorySlugRedirects).where(eq(categorySlugRedirects.slug, slug));
          await tx
            .insert(categorySlugRedirects)
            .values({ slug: current.slug, categoryId: id })
            .onConflictDoUpdate({ target: categorySlugRedirects.slug, set: { categoryId: id } });
        }
        await tx
          .update(categories)
          .set({ name: name ?? current.name, slug: slug ?? current.slug })
          .where(eq(categories.id, id));
        return adminCategory(tx, id);
      }),
    wanted,
    id,
  );
  await contentChanged();
  return category;
}

/**
 * Deletes a category. Its posts and backlog topics move to `moveTo` (and so do its links), or are
 * left without a category with 'none'; a category that holds any must say which.
 */
export async function deleteCategory(id: number, moveTo: number | 'none' | undefined): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!current) throw notFound(CATEGORY_NOT_FOUND);
    const target = moveTo === 'none' ? null : moveTo;
    if (target === id) throw new ValidationError('moveTo must be another category', 'moveTo');
    if (target !== null && target !== undefined) {
      const [exists] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, target)).for('share');
      if (!exists) throw new ValidationError('The category to move the posts to was not found', 'moveTo');
    }
    const { postCount: held, topicCount: topics } = await adminCategory(tx, id);
    if (target === undefined && held + topics > 0) {
      throw new HttpError(409, `"${current.name}" holds ${holdings(held, topics)}: choose where to move them`);
    }
    if (target !== undefined) {
      await tx.update(posts).set({ categoryId: target }).where(eq(posts.categoryId, id));
      await tx.update(backlogTopics).set({ categoryId: target }).where(eq(backlogTopics.categoryId, id));
    }
    if (target !== null && target !== undefined) {
      // Its links now open the category its posts went to.
      await tx.update(categorySlugRedirects).set({ categoryId: target }).where(eq(categorySlugRedirects.categoryId, id));
      await tx.insert(categorySlugRedirects).values({ slug: current.slug, categoryId: target }).onConflictDoNothing();
    }
    await tx.delete(categories).where(eq(categories.id, id));
  });
  await contentChanged();
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
const holdings = (postsHeld: number, topics: number) =>
  [postsHeld > 0 && plural(postsHeld, 'post'), topics > 0 && plural(topics, 'backlog topic')].filter(Boolean).join(' and ');
