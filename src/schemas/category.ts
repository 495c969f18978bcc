import { z } from 'zod';
import { SLUG_PATTERN, slugify } from './post.ts';
import { INT4_MAX } from './record-id.ts';

// The admin's categories (/admin/categories, /api/admin/categories): a name and the slug that
// /blog?category= uses. Earlier slugs keep answering with a 301 to the current one.

export const CATEGORY_NAME_MAX = 50;
export const CATEGORY_SLUG_MAX = 60;
export const CATEGORY_NAME_REQUIRED = 'Name is required';
export const CATEGORY_SLUG_MESSAGE = 'Slug may contain only lowercase letters, digits and single hyphens';
export const CATEGORY_NOT_FOUND = 'Category not found';

const name = z
  .string('Name must be text')
  .trim()
  .min(1, CATEGORY_NAME_REQUIRED)
  .max(CATEGORY_NAME_MAX, `Name must be at most ${CATEGORY_NAME_MAX} characters`)
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'Name must be one line of text');

/** Empty or absent: made from the name. */
const slug = z
  .string(CATEGORY_SLUG_MESSAGE)
  .trim()
  .max(CATEGORY_SLUG_MAX, `Slug must be at most ${CATEGORY_SLUG_MAX} characters`)
  .refine((value) => value === '' || SLUG_PATTERN.test(value), CATEGORY_SLUG_MESSAGE);

export const newCategorySchema = z.strictObject({ name, slug: slug.optional() });

export const categoryChangeSchema = z
  .strictObject({ name: name.optional(), slug: slug.optional() })
  .refine((change) => change.name !== undefined || change.slug !== undefined, 'Name or slug is required');

export type NewCategory = z.input<typeof newCategorySchema>;
export type CategoryChange = z.input<typeof categoryChangeSchema>;

/** The slug a name makes, as the form shows it while the name is typed. */
export const categorySlugOf = (categoryName: string) => slugify(categoryName).slice(0, CATEGORY_SLUG_MAX).replace(/-$/, '');

/** `?moveTo=` of a delete: another category's id, or `none` to leave the posts without one. */
const MOVE_TO_MESSAGE = 'moveTo must be a category id or none';
export const moveToSchema = z.union(
  [
    z.literal('none'),
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/)
      .transform(Number)
      // Past int4 no category can have it, and Postgres would refuse to compare it.
      .refine((id) => id <= INT4_MAX, MOVE_TO_MESSAGE),
  ],
  MOVE_TO_MESSAGE,
);

/** DELETE /api/admin/categories/:id's query: `?moveTo=` may say where its posts go. */
export const deleteCategoryQuerySchema = z.object({ moveTo: moveToSchema.optional() });

/** A category as the public site and the admin's pickers read it (GET /api/categories). */
export interface CategorySummary {
  id: number;
  name: string;
  slug: string;
}

export interface AdminCategory {
  id: number;
  name: string;
  slug: string;
  /** Every post in it, drafts included. */
  postCount: number;
  publishedCount: number;
  /** Backlog topics filed under it (moved with its posts on delete). */
  topicCount: number;
}
