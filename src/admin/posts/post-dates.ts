import { format } from 'date-fns';
import { formatCardDate } from '../../lib/format-date.ts';

export const NEVER = 'Never';

/** docs/product.md §2 list dates: 'MMM dd, yyyy', or 'Never' when there is none. */
export const listDate = (iso: string | null) => (iso === null ? NEVER : formatCardDate(new Date(iso)));

/** A stored instant as a `datetime-local` value in the browser's time zone (seconds only when set). */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  return format(date, date.getSeconds() === 0 ? "yyyy-MM-dd'T'HH:mm" : "yyyy-MM-dd'T'HH:mm:ss");
}

/** A `datetime-local` value back to an ISO instant with its offset (docs/product.md §7); empty means no schedule. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
