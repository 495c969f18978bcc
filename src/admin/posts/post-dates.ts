import { formatCardDate } from '#src/lib/format-date.ts';

export const NEVER = 'Never';

/** docs/product.md §2 list dates: 'MMM dd, yyyy', or 'Never' when there is none. */
export const listDate = (iso: string | null) => (iso === null ? NEVER : formatCardDate(new Date(iso)));
