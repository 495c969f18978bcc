import { Fragment, type ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

/**
 * One placeholder block, sized by `className` to the thing it stands for so that the streamed
 * content takes its place without moving the page. `strong` is the darker tone, for headings.
 */
export function Bone({ className, strong = false }: { className: string; strong?: boolean }) {
  return (
    <div
      className={cn('animate-pulse', !className.includes('rounded') && 'rounded', strong ? 'bg-primary-100' : 'bg-primary-50', className)}
    />
  );
}

/** A paragraph of `count` lines, the last one `lastWidth` wide; `line` sets each line's height. */
export function TextLines({
  count = 3,
  line,
  lastWidth = 'w-2/3',
  className,
}: {
  count?: number;
  line: string;
  lastWidth?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, index) => (
        <Bone key={index} className={cn(line, index === count - 1 && lastWidth)} />
      ))}
    </div>
  );
}

/** A list while it loads: `count` copies of one row's skeleton (an `<li>`), hidden from assistive technology. */
export function SkeletonList({ count, className, children }: { count: number; className?: string; children: ReactNode }) {
  return (
    <ul aria-hidden="true" className={className}>
      {Array.from({ length: count }, (_, index) => (
        <Fragment key={index}>{children}</Fragment>
      ))}
    </ul>
  );
}
