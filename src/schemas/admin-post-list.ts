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

export interface AdminPostQuery {
  /** Case-insensitive, on title or excerpt; `%`, `_` and `\` are plain characters. */
  search?: string;
  status?: PostStatusFilter;
  page?: number;
  pageSize?: number;
}

/** One row of the list: the post without its body, with its page views of the last 30 days. */
export interface AdminPostListItem extends Omit<AdminPost, 'content' | 'version'> {
  views: number;
}

export interface AdminPostPage {
  posts: AdminPostListItem[];
  /** Posts matching the search and status. */
  total: number;
  /** Every post, whatever the search and status ("3 posts of 120"). */
  unfilteredTotal: number;
  page: number;
  pageSize: number;
}
