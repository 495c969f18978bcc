import type { Page, PageQuery } from '#src/schemas/page.ts';

// The one way a service reads a page of a list (issue 30): the page's rows and the count of all
// matching rows, asked at once; a page past the end is empty.

/** The rows a page covers: `limit` and `offset` for the list's query. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * One page of a list, its rows named `key` (`readPage('emails', query, …)` → `{ emails, total,
 * page, pageSize }`): `rows` reads the window in the list's order, `count` how many rows match.
 */
export async function readPage<Key extends string, Row>(
  key: Key,
  { page, pageSize }: PageQuery,
  rows: (window: PageWindow) => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<Page<Key, Row>> {
  const [items, total] = await Promise.all([rows({ limit: pageSize, offset: (page - 1) * pageSize }), count()]);
  return { [key]: items, total, page, pageSize } as Page<Key, Row>;
}
