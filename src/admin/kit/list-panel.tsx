import type { ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

/**
 * A screen's main list: its heading, how many it holds (announced politely as it changes, with
 * 'Refreshing...' while a refetch runs), the list's own controls, and the list.
 */
export function ListPanel({
  name,
  title,
  count,
  refreshing,
  controls,
  headerClassName = 'flex flex-wrap items-center justify-between gap-3',
  className = 'mt-8',
  children,
}: {
  /** Names the heading (`{name}-list-heading`) and the count (test id `{name}-count`). */
  name: string;
  title: string;
  count: ReactNode;
  refreshing: boolean;
  controls?: ReactNode;
  headerClassName?: string;
  /** The panel's place on the screen: below what comes before it unless said otherwise (a tab's panel has its own space). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${name}-list-heading`} className={cn(className, 'rounded-card border border-line bg-surface shadow-sm')}>
      <div className={cn('border-b border-line px-4 py-4 sm:px-6', headerClassName)}>
        <div>
          <h2 id={`${name}-list-heading`} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted" aria-live="polite" data-testid={`${name}-count`}>
            {count}
            {refreshing && <span className="ml-2">· Refreshing...</span>}
          </p>
        </div>
        {controls}
      </div>
      {children}
    </section>
  );
}
