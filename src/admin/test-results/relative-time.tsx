import { formatDistanceToNow } from 'date-fns';

/** "5 minutes ago" (docs/product.md §2: relative start time), with the exact instant in the markup and on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    // The words can differ by a minute between the server's render and the browser's hydration.
    <time dateTime={iso} title={date.toUTCString()} suppressHydrationWarning>
      {`${formatDistanceToNow(date)} ago`}
    </time>
  );
}
