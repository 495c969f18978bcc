import { POST_STATUS_FILTERS, type PostStatusFilter } from '#src/schemas/admin-post-list.ts';

// docs/product.md §2/§9 "Admin post list": the list's state in its address (`/admin/posts?q=&status=&page=`),
// so a reload or a shared link shows the same page.
// The search and the filter themselves run on the server (server/services/posts/admin-list.ts).

export type StatusFilter = PostStatusFilter;

export const isStatusFilter = (value: string): value is StatusFilter => (POST_STATUS_FILTERS as readonly string[]).includes(value);

export interface PostListState {
  search: string;
  status: StatusFilter;
  page: number;
}

/** The list's state from its page's query; anything malformed falls back to the default. */
export function listStateOf(params: URLSearchParams): PostListState {
  const status = params.get('status') ?? 'all';
  const page = params.get('page') ?? '1';
  return {
    search: (params.get('q') ?? '').slice(0, 200),
    status: isStatusFilter(status) ? status : 'all',
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** `/admin/posts` with the non-default parts of the state. */
export function listHref({ search, status, page }: PostListState): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('q', search);
  if (status !== 'all') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/admin/posts?${query}` : '/admin/posts';
}
