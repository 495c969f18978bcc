import { formatDistanceToNow } from 'date-fns';
import { formatDate, timeZoneLabel } from '#src/lib/format-date.ts';
import { useTimeZone } from '../kit/time-zone.tsx';

/** "5 minutes ago" (docs/product.md §2: relative start time), with the exact instant in the markup and, in the coach's zone, on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  const timeZone = useTimeZone();
  return (
    // The words can differ by a minute between the server's render and the browser's hydration.
    <time dateTime={iso} title={`${formatDate(iso, timeZone)} (${timeZoneLabel(timeZone)})`} suppressHydrationWarning>
      {`${formatDistanceToNow(new Date(iso))} ago`}
    </time>
  );
}
