import type { Context } from 'hono';
import {
  ADMIN_POST_PAGE_MAX,
  ADMIN_POST_PAGE_SIZE,
  ADMIN_POST_SEARCH_MAX,
  type AdminPostQuery,
  POST_STATUS_FILTERS,
  type PostStatusFilter,
} from '../../../src/schemas/admin-post-list.ts';
import { integerParam, queryParam, ValidationError } from '../../validation.ts';

/** GET /api/admin/blog-posts' query: `search`, `status`, `page`, `pageSize`; anything malformed is a 400 naming it. */
export function adminPostQuery(c: Context): Required<AdminPostQuery> {
  const status = queryParam(c, 'status') ?? 'all';
  if (!(POST_STATUS_FILTERS as readonly string[]).includes(status)) {
    throw new ValidationError(`status must be one of: ${POST_STATUS_FILTERS.join(', ')}`, 'status');
  }
  const search = queryParam(c, 'search') ?? '';
  if (search.length > ADMIN_POST_SEARCH_MAX) {
    throw new ValidationError(`search must be at most ${ADMIN_POST_SEARCH_MAX} characters`, 'search');
  }
  if (search.includes('\u0000') || !search.isWellFormed()) {
    throw new ValidationError('search contains characters that are not allowed', 'search');
  }
  return {
    search,
    status: status as PostStatusFilter,
    page: integerParam(c, 'page', { min: 1, max: 1_000_000, fallback: 1 }),
    pageSize: integerParam(c, 'pageSize', { min: 1, max: ADMIN_POST_PAGE_MAX, fallback: ADMIN_POST_PAGE_SIZE }),
  };
}
