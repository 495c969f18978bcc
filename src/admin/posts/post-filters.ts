import type { AdminPost, PostDisplayStatus } from '../../schemas/post.ts';

// docs/product.md §2/§9 "Admin post list": the search and the status filter, applied on the client.

export const STATUS_FILTERS = ['all', 'published', 'draft', 'scheduled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const STATUS_LABELS: Record<PostDisplayStatus, string> = {
  published: 'Published',
  scheduled: 'Scheduled',
  draft: 'Draft',
};

export const isStatusFilter = (value: string): value is StatusFilter => (STATUS_FILTERS as readonly string[]).includes(value);

type Filterable = Pick<AdminPost, 'title' | 'excerpt' | 'displayStatus'>;

/**
 * A plain, case-insensitive substring match on title or excerpt: `%`, `_` and `\` are ordinary
 * characters here (no pattern language), and an empty or blank search matches everything.
 */
export function matchesSearch(post: Filterable, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return post.title.toLowerCase().includes(term) || post.excerpt.toLowerCase().includes(term);
}

export function filterPosts<Post extends Filterable>(posts: Post[], search: string, status: StatusFilter): Post[] {
  return posts.filter((post) => (status === 'all' || post.displayStatus === status) && matchesSearch(post, search));
}
