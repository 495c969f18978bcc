import { format } from 'date-fns';

// The value of an <input type="datetime-local"> (the kit's DateTimeField), to and from an instant.

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
