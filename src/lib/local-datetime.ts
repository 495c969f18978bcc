import { clockIn, dayIn, instantIn } from './format-date.ts';

// The value of an <input type="datetime-local"> (the kit's DateTimeField), to and from an instant,
// read in the coach's time zone (issue 32 §1): never the browser's, which the server cannot know.

/** A stored instant as a `datetime-local` value in `timeZone` (seconds only when set). */
export function toLocalInput(iso: string | null, timeZone: string): string {
  if (iso === null) return '';
  return `${dayIn(iso, timeZone)}T${clockIn(iso, timeZone, new Date(iso).getUTCSeconds() !== 0)}`;
}

/** A `datetime-local` value in `timeZone` back to an ISO instant (docs/product.md §7); empty means no schedule. */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const [day = '', time = ''] = value.split('T');
  return value ? instantIn(day, time, timeZone) : null;
}
