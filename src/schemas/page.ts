import { z } from 'zod';

// The one way the API pages a list (issue 30): `?page=&pageSize=` read by one schema, one page
// answered as `Page`, and the admin's one pager showing it (src/admin/kit/pager.tsx).

/** The highest page number a list accepts; any page past the last one is simply empty. */
export const PAGE_NUMBER_MAX = 1_000_000;

/** Which page of a list, and how many rows a page holds. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** Where a page sits in its list: which one, its size, and how many rows match in all. */
export interface PageInfo extends PageQuery {
  total: number;
}

/**
 * One page of a list, its rows under the name its answer has always used (`{ posts }`,
 * `{ emails }`…): `Page<'posts', AdminPostListItem>`.
 */
export type Page<Key extends string, Row> = PageInfo & { [K in Key]: Row[] };

/** How many pages a list has: at least one, so an empty list reads "Page 1 of 1". */
export const pageCount = ({ total, pageSize }: PageInfo) => Math.max(1, Math.ceil(total / pageSize));

/** A whole number in [min, max] from a query parameter, `fallback` when it is absent. */
export function wholeNumberParam(name: string, { min, max, fallback }: { min: number; max: number; fallback: number }) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message)
    .default(fallback);
}

/**
 * The fields `?page=&pageSize=` of a list whose pages hold `size` rows, and up to `max` when the
 * caller asks (a list shown at one size passes none). Spread into the list's query schema.
 */
export const pageFields = ({ size, max = size }: { size: number; max?: number }) => ({
  page: wholeNumberParam('page', { min: 1, max: PAGE_NUMBER_MAX, fallback: 1 }),
  pageSize: wholeNumberParam('pageSize', { min: 1, max, fallback: size }),
});
