import { z } from 'zod';
import { type Page, pageFields } from './page.ts';
import type { AdminPost } from './post.ts';

// The admin post list (docs/product.md §2 "Admin post list", issue 18): searched, filtered and
// paged by the server. GET /api/admin/blog-posts keeps the spec's `{ posts }` and adds how many
// match and which page this is; its rows carry no body.

export const POST_STATUS_FILTERS = ['all', 'published', 'draft', 'scheduled'] as const;
export type PostStatusFilter = (typeof POST_STATUS_FILTERS)[number];

/** Rows per page (`?pageSize=` may ask for up to ADMIN_POST_PAGE_MAX). */
export const ADMIN_POST_PAGE_SIZE = 20;
export const ADMIN_POST_PAGE_MAX = 100;
export const ADMIN_POST_SEARCH_MAX = 200;

/** GET /api/admin/blog-posts' query; anything malformed is a 400 naming it. */
export const adminPostQuerySchema = z.object({
  status: z.enum(POST_STATUS_FILTERS, `status must be one of: ${POST_STATUS_FILTERS.join(', ')}`).default('all'),
  /** Case-insensitive, on title or excerpt; `%`, `_` and `\` are plain characters. */
  search: z.string().max(ADMIN_POST_SEARCH_MAX, `search must be at most ${ADMIN_POST_SEARCH_MAX} characters`).default(''),
  ...pageFields({ size: ADMIN_POST_PAGE_SIZE, max: ADMIN_POST_PAGE_MAX }),
});
export type AdminPostQuery = Partial<z.output<typeof adminPostQuerySchema>>;

/** One row of the list: the post without its body, with its page views of the last 30 days. */
export interface AdminPostListItem extends Omit<AdminPost, 'content' | 'version'> {
  views: number;
}

/** A page of posts matching the search and status (`total`), and how many posts there are in all. */
export type AdminPostPage = Page<'posts', AdminPostListItem> & {
  /** Every post, whatever the search and status ("3 posts of 120"). */
  unfilteredTotal: number;
};
